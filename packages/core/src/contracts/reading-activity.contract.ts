import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { IdSchema } from "../domain/common";
import { BookSummarySchema } from "./catalog.contract";
import { defineContract } from "./define-contract";
import type { ActivityVerb } from "./feed.contract";

/** Each list of a profile's reading activity holds at most this many books, the most recent first. */
export const READING_ACTIVITY_LIMIT = 12;

/** The feed's verbs that are reading activity: a user who hides theirs hides these (a launch stays news). */
export const READING_ACTIVITY_VERBS = ["started", "finished", "starred"] as const satisfies readonly ActivityVerb[];

const BooksSchema = z.array(BookSummarySchema).max(READING_ACTIVITY_LIMIT);

/**
 * What a user is reading, has finished and starred. `hidden`: they keep it private; then only they see
 * the lists, and everyone else gets them empty.
 */
export const ReadingActivitySchema = z
  .object({ hidden: z.boolean(), reading: BooksSchema, finished: BooksSchema, starred: BooksSchema })
  .meta({ id: "ReadingActivity" });
export type ReadingActivity = z.infer<typeof ReadingActivitySchema>;

export const readingActivityContract = defineContract({
  "users.reading": {
    method: "GET",
    path: P["users.reading"],
    params: z.object({ id: IdSchema }),
    response: ReadingActivitySchema,
    errors: [400, 404],
  },
});
