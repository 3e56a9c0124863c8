/** What other features use of account-deletion; the rest of the folder is its own. */
export { DeleteAccountSection } from "./components/delete-account-section";
