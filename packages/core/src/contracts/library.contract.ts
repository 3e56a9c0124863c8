import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { IdSchema, TimestampSchema } from "../domain/common";
import { ReadingProgressSchema } from "../domain/progress";
import { SystemListSchema } from "../domain/user";
import { BookSummarySchema } from "./catalog.contract";
import { BookIdParamsSchema } from "./reading.contract";

/** After a star or unstar: whether the viewer now stars the book, and the book's star count. */
export const StarStateSchema = z
  .object({ starred: z.boolean(), nUserStarred: z.number().int().nonnegative() })
  .meta({ id: "StarState" });
export type StarState = z.infer<typeof StarStateSchema>;

export const LaunchSubscriptionStateSchema = z
  .object({ subscribed: z.boolean() })
  .meta({ id: "LaunchSubscriptionState" });
export type LaunchSubscriptionState = z.infer<typeof LaunchSubscriptionStateSchema>;

/** A book in one of the viewer's system lists, with when it went there. */
export const ListEntrySchema = z
  .object({ book: BookSummarySchema, addedAt: TimestampSchema })
  .meta({ id: "ListEntry" });
export type ListEntry = z.infer<typeof ListEntrySchema>;

/** Every system list of the viewer, each newest first. */
export const ReadingListsSchema = z
  .object({
    "want-to-read": z.array(ListEntrySchema),
    reading: z.array(ListEntrySchema),
    finished: z.array(ListEntrySchema),
  })
  .meta({ id: "ReadingLists" });
export type ReadingLists = z.infer<typeof ReadingListsSchema>;

/** Where a book now is among the viewer's lists (`list: null` once removed). */
export const ListMembershipSchema = z
  .object({ bookId: IdSchema, list: SystemListSchema.nullable(), addedAt: TimestampSchema.nullable() })
  .meta({ id: "ListMembership" });
export type ListMembership = z.infer<typeof ListMembershipSchema>;

export const ListPutParamsSchema = z.object({ list: SystemListSchema, bookId: IdSchema });
export const ListBookParamsSchema = z.object({ bookId: IdSchema });

/** What the book page shows about the viewer's relation to a book; a visitor gets all false / null. */
export const BookViewerStateSchema = z
  .object({
    starred: z.boolean(),
    list: SystemListSchema.nullable(),
    subscribed: z.boolean(),
    progress: ReadingProgressSchema.nullable(),
  })
  .meta({ id: "BookViewerState" });
export type BookViewerState = z.infer<typeof BookViewerStateSchema>;

/** Stars, system lists and launch subscriptions: the viewer's own, never another user's. */
export const libraryContract = {
  "books.star": { method: "PUT", path: P["books.star"], params: BookIdParamsSchema, response: StarStateSchema },
  "books.unstar": { method: "DELETE", path: P["books.unstar"], params: BookIdParamsSchema, response: StarStateSchema },
  "books.subscribeLaunch": {
    method: "PUT",
    path: P["books.subscribeLaunch"],
    params: BookIdParamsSchema,
    response: LaunchSubscriptionStateSchema,
  },
  "books.unsubscribeLaunch": {
    method: "DELETE",
    path: P["books.unsubscribeLaunch"],
    params: BookIdParamsSchema,
    response: LaunchSubscriptionStateSchema,
  },
  "books.viewerState": {
    method: "GET",
    path: P["books.viewerState"],
    params: BookIdParamsSchema,
    response: BookViewerStateSchema,
  },
  "me.lists": { method: "GET", path: P["me.lists"], response: z.object({ lists: ReadingListsSchema }) },
  "me.listPut": { method: "PUT", path: P["me.listPut"], params: ListPutParamsSchema, response: ListMembershipSchema },
  "me.listDelete": {
    method: "DELETE",
    path: P["me.listDelete"],
    params: ListBookParamsSchema,
    response: ListMembershipSchema,
  },
} as const;
