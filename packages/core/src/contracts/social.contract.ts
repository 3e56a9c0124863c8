import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { IdSchema, TimestampSchema } from "../domain/common";
import { PublicUserSchema } from "../domain/user";
import { TargetResourceSchema, UserEventTypeSchema } from "../domain/user-event";
import { pageSchema } from "../pagination";
import { defineContract } from "./define-contract";

/** Follower and following lists, and the notifications inbox, are served this many at a time. */
export const SOCIAL_PAGE_SIZE = 20;

export const NotificationSchema = z
  .object({
    id: IdSchema,
    type: UserEventTypeSchema,
    title: z.string(),
    body: z.string(),
    /** `former`: the account was deleted; the notification no longer names or links to them. */
    actor: z.object({ id: IdSchema, name: z.string(), former: z.boolean().optional() }),
    resource: TargetResourceSchema,
    createdAt: TimestampSchema,
    readAt: TimestampSchema.nullable(),
  })
  .meta({ id: "Notification" });
export type Notification = z.infer<typeof NotificationSchema>;

const UserIdParams = z.object({ id: IdSchema });
const CursorQuery = z.object({ cursor: z.string().optional() });
/** Whether the viewer follows the user, and the user's follower count after the call. */
export const FollowStateSchema = z.object({ following: z.boolean(), nFollowers: z.number().int() });
export type FollowState = z.infer<typeof FollowStateSchema>;

export const NotificationsPageSchema = pageSchema(NotificationSchema).extend({ unreadCount: z.number().int() });
export const MarkNotificationsReadSchema = z.union([
  z.object({ ids: z.array(IdSchema).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsReadSchema>;

/** Server-Sent Events on `stream`: `notification` (a Notification, its id as the event id) and `counters`. */
export const StreamCountersSchema = z.object({ unreadCount: z.number().int() });

export const socialContract = defineContract({
  "users.followState": {
    method: "GET",
    path: P["users.follow"],
    params: UserIdParams,
    response: FollowStateSchema,
    errors: [400, 401, 404],
  },
  "users.follow": {
    method: "PUT",
    path: P["users.follow"],
    params: UserIdParams,
    response: FollowStateSchema,
    errors: [400, 401, 404, 429],
  },
  "users.unfollow": {
    method: "DELETE",
    path: P["users.follow"],
    params: UserIdParams,
    response: FollowStateSchema,
    errors: [400, 401, 404, 429],
  },
  "users.followers": {
    method: "GET",
    path: P["users.followers"],
    params: UserIdParams,
    query: CursorQuery,
    response: pageSchema(PublicUserSchema),
    errors: [404],
  },
  "users.following": {
    method: "GET",
    path: P["users.following"],
    params: UserIdParams,
    query: CursorQuery,
    response: pageSchema(PublicUserSchema),
    errors: [404],
  },
  "notifications.list": {
    method: "GET",
    path: P["notifications.list"],
    query: CursorQuery,
    response: NotificationsPageSchema,
    errors: [401],
  },
  "notifications.read": {
    method: "POST",
    path: P["notifications.read"],
    body: MarkNotificationsReadSchema,
    response: StreamCountersSchema,
    errors: [400, 401],
  },
  stream: {
    method: "GET",
    path: P.stream,
    response: z.string().meta({ description: "text/event-stream" }),
    errors: [401, 429],
  },
});
