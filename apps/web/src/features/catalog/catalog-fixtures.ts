import type { BookSummary } from "@quire/core";

/** A launched community book as the catalogue lists it; `id` and `title` follow the given title. */
export function makeBookSummary(title: string, overrides: Partial<BookSummary> = {}): BookSummary {
  return {
    id: title.toLowerCase().replaceAll(/[^a-z0-9]+/g, "-"),
    title,
    authors: ["Mara Quill"],
    authorIds: ["u1"],
    imageUrl: null,
    summary: "",
    genreRefs: [],
    categoryRefs: [],
    source: "own",
    display: true,
    status: "launched",
    publishingLabel: "community-original",
    completionStatus: "complete",
    launchedDate: "2026-10-01T00:00:00.000Z",
    addedDate: "2026-09-01T00:00:00.000Z",
    nUserStarred: 0,
    nCurrentReads: 0,
    nFinishedReads: 0,
    interactionScore: 0,
    lastInteractedAt: null,
    ...overrides,
  };
}
