import type { BookProgressResponse, ChapterProgressUpdate, TextLocator } from "@quire/core";
import { apiPath } from "@quire/core/api-paths";
import { apiFetch } from "../../lib/api-client";
import { connectionFailed, parseFailure } from "../../lib/errors";
import { queueWrite } from "../offline-queue";

/**
 * PUT as JSON. `keepalive` lets a save started while the page is going away (pagehide) finish
 * after it has gone; such a request cannot be awaited by anyone, so it is fired and forgotten.
 */
async function putJson<T>(path: string, body: unknown, keepalive: boolean): Promise<T> {
  let response: Response;
  try {
    response = await apiFetch(path, {
      method: "PUT",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
      keepalive,
    });
  } catch (error) {
    throw connectionFailed(error);
  }
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    answer = undefined;
  }
  if (!response.ok) throw parseFailure(response.status, answer);
  return answer as T;
}

export interface ReadingPlace {
  anchorId: string;
  /** 0–1 through the chapter: the saved epubPosition.offset. */
  offset: number;
  /** The exact place (saved in epubPosition beside the offset), null in a chapter without text. */
  locator?: TextLocator | null;
  /** How far through the chapter the reader has got (0–100); the server derives the book's figure from it. */
  chapterPercent: number;
  /** When the reader was there: the server keeps the latest place, whatever order saves arrive in. */
  readAt: string;
}

/**
 * Saves a place with one request: the chapter's progress and position, from which the server derives
 * the book's progress (so the reader's bar, the book page and the library show one figure).
 */
export async function saveReadingPlace(
  bookId: string,
  place: ReadingPlace,
  keepalive = false,
): Promise<BookProgressResponse> {
  const chapterPath = apiPath("progress.putChapter", { id: bookId, anchorId: place.anchorId });
  return putJson<BookProgressResponse>(chapterPath, chapterUpdate(place), keepalive);
}

/**
 * Keeps a place the network refused for the offline queue, with its original `readAt` (the server then
 * keeps whichever place is newest); only the latest place per chapter waits. False when signed out.
 */
export function queueReadingPlace(bookId: string, place: ReadingPlace): Promise<boolean> {
  return queueWrite(
    "progress.putChapter",
    { params: { id: bookId, anchorId: place.anchorId }, body: chapterUpdate(place) },
    { target: `progress:${bookId}:${place.anchorId}`, madeAt: place.readAt },
  );
}

function chapterUpdate(place: ReadingPlace): ChapterProgressUpdate {
  const epubPosition = { anchorId: place.anchorId, offset: place.offset, ...place.locator };
  return { progress: place.chapterPercent, epubPosition, readAt: place.readAt };
}
