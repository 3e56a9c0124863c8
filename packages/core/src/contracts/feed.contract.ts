import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { IdSchema, TimestampSchema } from "../domain/common";
import { PublicUserSchema } from "../domain/user";
import { pageSchema } from "../pagination";
import { BookSummarySchema } from "./catalog.contract";
import { defineContract } from "./define-contract";

/** What a followed person did to a book: began it, finished it, starred it, or launched it as its author. */
export const ACTIVITY_VERBS = ["started", "finished", "starred", "launched"] as const;
export const ActivityVerbSchema = z.enum(ACTIVITY_VERBS);
export type ActivityVerb = z.infer<typeof ActivityVerbSchema>;

/** Who did it: enough to name them, show their avatar and link to their profile. */
export const FeedActorSchema = PublicUserSchema.pick({
  id: true,
  username: true,
  firstName: true,
  lastName: true,
  avatarUrl: true,
}).meta({ id: "FeedActor" });
export type FeedActor = z.infer<typeof FeedActorSchema>;

export const FeedItemSchema = z
  .object({
    id: IdSchema,
    type: ActivityVerbSchema,
    actor: FeedActorSchema,
    book: BookSummarySchema,
    createdAt: TimestampSchema,
  })
  .meta({ id: "FeedItem" });
export type FeedItem = z.infer<typeof FeedItemSchema>;

export const FeedPageSchema = pageSchema(FeedItemSchema).meta({ id: "FeedPage" });
export type FeedPage = z.infer<typeof FeedPageSchema>;

/** The signed-in viewer's activity feed: what the people they follow did, newest first. */
export const feedContract = defineContract({
  "feed.list": {
    method: "GET",
    path: P["feed.list"],
    query: z.object({ cursor: z.string().optional() }),
    response: FeedPageSchema,
    errors: [401],
  },
});
