import type { BookProgressResponse, BookProgressUpdate, ChapterProgressUpdate } from "@quire/core";
import { apiPath } from "@quire/core/api-paths";
import { connectionFailed, parseFailure } from "../../lib/errors";

/**
 * PUT as JSON. `keepalive` lets a save started while the page is going away (pagehide) finish
 * after it has gone; such a request cannot be awaited by anyone, so it is fired and forgotten.
 */
async function putJson<T>(path: string, body: unknown, keepalive: boolean): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
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
  chapterPercent: number;
  bookPercent: number;
}

/**
 * Saves a place: the chapter's progress first (the server weighs the book's progress from its
 * chapters), then the book's. On pagehide both go at once, since nothing will wait for the first.
 */
export async function saveReadingPlace(
  bookId: string,
  place: ReadingPlace,
  keepalive = false,
): Promise<BookProgressResponse> {
  const epubPosition = { anchorId: place.anchorId, offset: place.offset };
  const chapter: ChapterProgressUpdate = { progress: place.chapterPercent, epubPosition };
  const book: BookProgressUpdate = { epubPosition, currentChapter: place.anchorId, progress: place.bookPercent };
  const chapterPath = apiPath("progress.putChapter", { id: bookId, anchorId: place.anchorId });
  const bookPath = apiPath("progress.put", { id: bookId });
  if (keepalive) {
    const [, answer] = await Promise.all([
      putJson(chapterPath, chapter, true),
      putJson<BookProgressResponse>(bookPath, book, true),
    ]);
    return answer;
  }
  await putJson(chapterPath, chapter, false);
  return putJson<BookProgressResponse>(bookPath, book, false);
}
