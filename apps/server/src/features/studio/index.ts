export { rolesOf } from "./studio.repository";
