/** What other features use of reader; the rest of the folder is its own. */
export { ReadButton } from "./read-button";
export { allChaptersQuery } from "./reader-queries";
