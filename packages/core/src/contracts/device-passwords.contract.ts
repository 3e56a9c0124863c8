import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { IdSchema, TimestampSchema } from "../domain/common";
import { defineContract } from "./define-contract";

/** How many device passwords one account may hold: one per e-reader or app, with room to spare. */
export const MAX_DEVICE_PASSWORDS = 10;
export const DEVICE_PASSWORD_NAME_MAX = 60;

/** A password for an e-reader (KOReader sync, OPDS): its secret is shown once, at creation, never again. */
export const DevicePasswordSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    createdAt: TimestampSchema,
    lastUsedAt: TimestampSchema.nullable(),
  })
  .meta({ id: "DevicePassword" });
export type DevicePassword = z.infer<typeof DevicePasswordSchema>;

export const DevicePasswordListSchema = z
  .object({ items: z.array(DevicePasswordSchema) })
  .meta({ id: "DevicePasswordList" });
export type DevicePasswordList = z.infer<typeof DevicePasswordListSchema>;

export const CreateDevicePasswordSchema = z.object({
  name: z
    .string({ error: "Give the device a name." })
    .trim()
    .min(1, "Give the device a name.")
    .max(DEVICE_PASSWORD_NAME_MAX, `A device name can hold up to ${DEVICE_PASSWORD_NAME_MAX} characters.`),
});
export type CreateDevicePassword = z.infer<typeof CreateDevicePasswordSchema>;

export const CreatedDevicePasswordSchema = DevicePasswordSchema.extend({ password: z.string() }).meta({
  id: "CreatedDevicePassword",
});
export type CreatedDevicePassword = z.infer<typeof CreatedDevicePasswordSchema>;

export const devicePasswordsContract = defineContract({
  "me.devicePasswords": {
    method: "GET",
    path: P["me.devicePasswords"],
    response: DevicePasswordListSchema,
    errors: [401],
  },
  "me.createDevicePassword": {
    method: "POST",
    path: P["me.createDevicePassword"],
    body: CreateDevicePasswordSchema,
    response: CreatedDevicePasswordSchema,
    status: 201,
    errors: [400, 401, 412, 429],
  },
  "me.deleteDevicePassword": {
    method: "DELETE",
    path: P["me.deleteDevicePassword"],
    params: z.object({ id: IdSchema }),
    status: 204,
    errors: [401, 404],
  },
});
