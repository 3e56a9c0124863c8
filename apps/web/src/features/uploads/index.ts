/** What other features use of uploads; the rest of the folder is its own. */

export { formatBytes } from "./format-bytes";
export { ImageUpload } from "./image-upload";
