export { downloadFileName } from "./book-export.service";
export { rolesOf } from "./studio.repository";
