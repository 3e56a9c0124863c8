export { type NewUserEvent, recordUserEvent } from "./user-events.repository";
