import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { GenreSchema } from "../domain/book";
import { BookSummarySchema } from "./catalog.contract";
import { defineContract } from "./define-contract";
import { ContinueReadingSchema } from "./reading.contract";

/** A scheduled book and whether the viewer asked to hear of its launch. */
export const ComingSoonItemSchema = z
  .object({ book: BookSummarySchema, subscribed: z.boolean() })
  .meta({ id: "ComingSoonItem" });
export type ComingSoonItem = z.infer<typeof ComingSoonItemSchema>;

/**
 * The signed-in reader's home in one answer, each section capped and empty when nothing fits:
 * books in progress (as `GET /me/progress` lists them), scheduled books, picks from the genres
 * chosen in onboarding, new books by the people they follow, public-domain classics, trending.
 */
export const ReaderHomeSchema = z
  .object({
    continueReading: ContinueReadingSchema.shape.items,
    comingSoon: z.array(ComingSoonItemSchema),
    picks: z.object({ genres: z.array(GenreSchema), books: z.array(BookSummarySchema) }),
    fromFollowed: z.array(BookSummarySchema),
    classics: z.array(BookSummarySchema),
    trending: z.array(BookSummarySchema),
  })
  .meta({ id: "ReaderHome" });
export type ReaderHome = z.infer<typeof ReaderHomeSchema>;

export const homeContract = defineContract({
  "me.home": { method: "GET", path: P["me.home"], response: ReaderHomeSchema, errors: [401] },
});
