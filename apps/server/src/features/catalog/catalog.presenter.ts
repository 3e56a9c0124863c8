import type { Book, BookSource, BookStatus, CompletionStatus, PublishingLabel } from "@quire/core";
import { fromBool, parseJson } from "../../db/json";
import type { BookRow } from "../../db/schema";
import type { ListedBookRow } from "./catalog.repository";

export interface BookRefs {
  genreRefs: string[];
  categoryRefs: string[];
}

export function presentBook(row: BookRow, refs: BookRefs): Book {
  return {
    id: row.id,
    title: row.title,
    authors: parseJson<string[]>(row.authors, []),
    authorIds: parseJson<string[]>(row.authorIds, []),
    imageUrl: row.imageUrl,
    summary: row.summary,
    genreRefs: refs.genreRefs,
    categoryRefs: refs.categoryRefs,
    source: row.source as BookSource,
    display: fromBool(row.display),
    status: row.status as BookStatus,
    publishingLabel: row.publishingLabel as PublishingLabel | null,
    completionStatus: row.completionStatus as CompletionStatus,
    launchedDate: row.launchedDate,
    addedDate: row.addedDate,
    nUserStarred: row.nUserStarred,
    nCurrentReads: row.nCurrentReads,
    nFinishedReads: row.nFinishedReads,
    interactionScore: row.interactionScore,
    lastInteractedAt: row.lastInteractedAt,
  };
}

/** A row whose refs came folded in: genres by id, categories by their position, then id (as `bookRefs` orders them). */
export function presentListedBook(row: ListedBookRow): Book {
  const categories = row.categoryRefs?.split(",").map((pair) => pair.split(" ") as [string, string]) ?? [];
  categories.sort(([a, aId], [b, bId]) => Number(a) - Number(b) || (aId < bId ? -1 : aId > bId ? 1 : 0));
  return presentBook(row, {
    genreRefs: row.genreRefs?.split(",").sort() ?? [],
    categoryRefs: categories.map(([, id]) => id),
  });
}
