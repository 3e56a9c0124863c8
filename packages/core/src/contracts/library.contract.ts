import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { IdSchema, TimestampSchema } from "../domain/common";
import { ReadingProgressSchema } from "../domain/progress";
import { SystemListSchema } from "../domain/user";
import { BookSummarySchema } from "./catalog.contract";
import { defineContract } from "./define-contract";
import { BookIdParamsSchema, ReadAtSchema } from "./reading.contract";

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

/**
 * When the reader made a star or shelf change (their device's clock), sent by an offline replay: the
 * change is skipped when the viewer's row for the book is newer, so a late replay never undoes it.
 */
export const ActionTimeQuerySchema = z.object({ at: ReadAtSchema });

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

const LIBRARY_ERRORS = [400, 401, 404, 412, 500] as const;

/** Stars, system lists and launch subscriptions: the viewer's own, never another user's. */
export const libraryContract = defineContract({
  "books.star": {
    method: "PUT",
    path: P["books.star"],
    params: BookIdParamsSchema,
    query: ActionTimeQuerySchema,
    response: StarStateSchema,
    errors: LIBRARY_ERRORS,
  },
  "books.unstar": {
    method: "DELETE",
    path: P["books.unstar"],
    params: BookIdParamsSchema,
    query: ActionTimeQuerySchema,
    response: StarStateSchema,
    errors: LIBRARY_ERRORS,
  },
  "books.subscribeLaunch": {
    method: "PUT",
    path: P["books.subscribeLaunch"],
    params: BookIdParamsSchema,
    response: LaunchSubscriptionStateSchema,
    errors: LIBRARY_ERRORS,
  },
  "books.unsubscribeLaunch": {
    method: "DELETE",
    path: P["books.unsubscribeLaunch"],
    params: BookIdParamsSchema,
    response: LaunchSubscriptionStateSchema,
    errors: LIBRARY_ERRORS,
  },
  "books.viewerState": {
    method: "GET",
    path: P["books.viewerState"],
    params: BookIdParamsSchema,
    response: BookViewerStateSchema,
    errors: LIBRARY_ERRORS,
  },
  "me.lists": {
    method: "GET",
    path: P["me.lists"],
    response: z.object({ lists: ReadingListsSchema }),
    errors: LIBRARY_ERRORS,
  },
  "me.listPut": {
    method: "PUT",
    path: P["me.listPut"],
    params: ListPutParamsSchema,
    query: ActionTimeQuerySchema,
    response: ListMembershipSchema,
    errors: LIBRARY_ERRORS,
  },
  "me.listDelete": {
    method: "DELETE",
    path: P["me.listDelete"],
    params: ListBookParamsSchema,
    query: ActionTimeQuerySchema,
    response: ListMembershipSchema,
    errors: LIBRARY_ERRORS,
  },
});
