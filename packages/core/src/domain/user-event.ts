import { z } from "zod";
import { IdSchema, TimestampSchema } from "./common";

/** SPEC names 'read book' and a book-launched event; the rest are Quire's own. */
export const USER_EVENT_TYPES = [
  "read book",
  "book launched",
  "new follower",
  "started reading",
  "starred book",
] as const;
export const UserEventTypeSchema = z.enum(USER_EVENT_TYPES);
export type UserEventType = z.infer<typeof UserEventTypeSchema>;

export const EVENT_PRIORITIES = ["low", "normal", "high"] as const;
export const EventPrioritySchema = z.enum(EVENT_PRIORITIES);

export const TargetResourceSchema = z.object({
  id: IdSchema,
  type: z.enum(["book", "user"]),
  name: z.string(),
});

const userEventBase = {
  id: IdSchema,
  priority: EventPrioritySchema,
  triggeredByUserId: IdSchema,
  triggeredByUserName: z.string(),
  targetResource: TargetResourceSchema,
  processed: z.boolean(),
  createdAt: TimestampSchema,
};

/** 'read book' has no target user (SPEC §3); every other event names one. */
export const UserEventSchema = z
  .discriminatedUnion("eventType", [
    z.object({ ...userEventBase, eventType: z.literal("read book") }),
    z.object({
      ...userEventBase,
      eventType: UserEventTypeSchema.exclude(["read book"]),
      targetUserId: IdSchema,
    }),
  ])
  .meta({ id: "UserEvent" });
export type UserEvent = z.infer<typeof UserEventSchema>;
