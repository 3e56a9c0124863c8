export { downloadFileName, type ExportedFile } from "./book-export.service";
export { rolesOf } from "./studio.repository";
