import type { DialectName } from "../src/db/dialect";
import type { NewBook } from "../src/db/schema";
import { createSignedInUser } from "./factories";
import { useTestApp } from "./test-app";
import { useTestDatabase } from "./test-db";

export type ProgressTestBook = NewBook & { id: string };

/**
 * The progress API's test bench, for a describe block: a fresh database and app whose clock moves one
 * second per request (so "most recent" is well defined), with the routes and bodies the tests send.
 */
export function useProgressApi(dialect: DialectName) {
  const testDb = useTestDatabase(dialect);
  // Each request is one second after the previous one, so "most recent" is well defined.
  let clockMs = Date.parse("2026-11-21T10:00:00.000Z");
  const tick = () => {
    clockMs += 1000;
    return new Date(clockMs);
  };
  const t = useTestApp(testDb, { clock: tick });

  const progressUrl = (bookId: string) => `/api/v1/books/${bookId}/progress`;
  const chapterUrl = (bookId: string, anchorId: string) => `/api/v1/books/${bookId}/chapters/${anchorId}/progress`;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
  const put = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "PUT", url, payload, headers });
  const bookBody = (progress: number, anchorId = "chapter-1", offset = 0.5) => ({
    progress,
    currentChapter: anchorId,
    epubPosition: { anchorId, offset },
  });
  /** A place on the book route: the figure follows from it (the client's own figure is not asked). */
  const at = (anchorId: string, offset: number, readAt?: string) => ({
    ...bookBody(0, anchorId, offset),
    ...(readAt ? { readAt } : {}),
  });
  const iso = (ms: number) => new Date(ms).toISOString();
  const reader = () => createSignedInUser(testDb.db, { firstName: "Ada", lastName: "Lovelace" });
  const listOf = async (userId: string, bookId: string) =>
    (
      await testDb.db
        .selectFrom("listEntries")
        .select("list")
        .where("userId", "=", userId)
        .where("bookId", "=", bookId)
        .executeTakeFirst()
    )?.list;
  const clockNow = () => clockMs;
  return { testDb, t, progressUrl, chapterUrl, get, put, bookBody, at, iso, reader, listOf, clockNow };
}
