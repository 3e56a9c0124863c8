// What other features may use of KOReader sync: OPDS signs devices in with the same passwords.
export type { DevicePasswordsService } from "./device-passwords.service";
