/** What other features use of offline reading; the rest of the folder is its own. */
export { DownloadForOffline } from "./components/download-for-offline";
export { DownloadedBooks } from "./components/downloaded-books";
