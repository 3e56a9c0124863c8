import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { IdSchema, TimestampSchema } from "../domain/common";
import { UserEventTypeSchema } from "../domain/user-event";
import { defineContract } from "./define-contract";

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export const PushSubscriptionSchema = z
  .object({
    endpoint: z.url({ protocol: /^https$/ }).max(2048),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      // base64url: p256dh is an uncompressed P-256 point (65 bytes → 87 chars), auth 16 bytes (22 chars).
      p256dh: z
        .string()
        .regex(/^[A-Za-z0-9_-]+={0,2}$/)
        .min(80)
        .max(100),
      auth: z
        .string()
        .regex(/^[A-Za-z0-9_-]+={0,2}$/)
        .min(16)
        .max(32),
    }),
  })
  .meta({ id: "PushSubscription" });
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>;

export const PUSH_KINDS = ["webpush", "fcm", "apns"] as const;
/** The service that carries a registration's messages: a browser's Web Push, or a phone's FCM or APNs. */
export type PushKind = (typeof PUSH_KINDS)[number];

const UserAgentSchema = z.string().max(512).optional();

/** A browser's subscription; `kind` may be left out (it is the only kind older clients know). */
export const WebPushRegistrationBodySchema = z
  .object({ kind: z.literal("webpush").optional(), subscription: PushSubscriptionSchema, userAgent: UserAgentSchema })
  .strict();

/** A phone's device token: FCM registration tokens are long and carry a ':'; APNs tokens are hex. */
export const NativePushRegistrationBodySchema = z.discriminatedUnion("kind", [
  z
    .object({
      kind: z.literal("fcm"),
      token: z
        .string()
        .regex(/^[A-Za-z0-9_-]+:[A-Za-z0-9_:-]+$/, "Not an FCM registration token.")
        .min(32)
        .max(4096),
      userAgent: UserAgentSchema,
    })
    .strict(),
  z
    .object({
      kind: z.literal("apns"),
      token: z
        .string()
        .regex(/^[0-9a-fA-F]+$/, "Not an APNs device token.")
        .min(64)
        .max(200),
      userAgent: UserAgentSchema,
    })
    .strict(),
]);
export type NativePushRegistrationBody = z.infer<typeof NativePushRegistrationBodySchema>;

export const PushRegistrationBodySchema = z.union([WebPushRegistrationBodySchema, NativePushRegistrationBodySchema]);
export type PushRegistrationBody = z.infer<typeof PushRegistrationBodySchema>;

/** One browser's or phone's push registration (`endpoint`: a phone's device token); `updatedAt` is what the client compares with the 7-day refresh. */
export const PushRegistrationSchema = z
  .object({ id: IdSchema, endpoint: z.string(), createdAt: TimestampSchema, updatedAt: TimestampSchema })
  .meta({ id: "PushRegistration" });
export type PushRegistration = z.infer<typeof PushRegistrationSchema>;

export const VapidPublicKeySchema = z.object({ publicKey: z.string() }).meta({ id: "VapidPublicKey" });

/** Per event type: whether it lands in the inbox and whether it is pushed. Types not stored default to both on. */
export const NotificationPreferenceSchema = z
  .object({ type: UserEventTypeSchema, inApp: z.boolean(), push: z.boolean() })
  .meta({ id: "NotificationPreference" });
export type NotificationPreference = z.infer<typeof NotificationPreferenceSchema>;
export const NotificationPreferencesSchema = z
  .object({ preferences: z.array(NotificationPreferenceSchema) })
  .meta({ id: "NotificationPreferences" });
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;
/** The PUT body: the listed types are set, the others keep what they had; a type may be listed once. */
export const NotificationPreferencesUpdateSchema = NotificationPreferencesSchema.refine(
  ({ preferences }) => new Set(preferences.map((preference) => preference.type)).size === preferences.length,
  { message: "Each event type may be listed once.", path: ["preferences"] },
);

/** What a push message carries (JSON, encrypted for the subscription): enough to show it and open its target. */
export const PushPayloadSchema = z.object({
  /** The inbox row's id; a push-only notification (inbox off for its type) has an id no inbox row carries. */
  notificationId: IdSchema,
  type: UserEventTypeSchema,
  title: z.string(),
  body: z.string(),
  /** The app path a click opens: `/books/{id}` or `/u/{username}`. */
  url: z.string(),
  icon: z.string().optional(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

const RegistrationIdParams = z.object({ id: IdSchema });

const REGISTRATION_ERRORS = [400, 401, 404, 429] as const;

export const pushContract = defineContract({
  "push.vapidPublicKey": { method: "GET", path: P["push.vapidPublicKey"], response: VapidPublicKeySchema },
  "push.register": {
    method: "POST",
    path: P["push.register"],
    body: PushRegistrationBodySchema,
    response: PushRegistrationSchema,
    status: 201,
    errors: REGISTRATION_ERRORS,
  },
  "push.update": {
    method: "PATCH",
    path: P["push.update"],
    params: RegistrationIdParams,
    body: PushRegistrationBodySchema,
    response: PushRegistrationSchema,
    errors: REGISTRATION_ERRORS,
  },
  "push.unregister": {
    method: "DELETE",
    path: P["push.unregister"],
    params: RegistrationIdParams,
    status: 204,
    errors: REGISTRATION_ERRORS,
  },
  "me.notificationPreferences": {
    method: "GET",
    path: P["me.notificationPreferences"],
    response: NotificationPreferencesSchema,
    errors: [401],
  },
  "me.updateNotificationPreferences": {
    method: "PUT",
    path: P["me.notificationPreferences"],
    body: NotificationPreferencesUpdateSchema,
    response: NotificationPreferencesSchema,
    errors: [400, 401],
  },
});
