import { bookProgressAt, PROGRESS_MAX } from "@quire/core";
import type { Kysely } from "kysely";
import { parseJson } from "../json";

/** The tables as this migration reads them (snake_case: it runs without the app's CamelCasePlugin). */
interface Tables {
  reading_progress: {
    user_id: string;
    book_id: string;
    progress: number;
    current_chapter: string | null;
    is_read: number;
    epub_position: string | null;
    last_read_at: string;
  };
  chapter_progress: { user_id: string; book_id: string; anchor_id: string; progress: number };
  chapters: { book_id: string; version: string; anchor_id: string; chapter_number: number; word_count: number };
  book_data: { book_id: string; latest_version: string };
  books: { id: string; n_current_reads: number; n_finished_reads: number };
  list_entries: { user_id: string; book_id: string; list: string; added_at: string };
}

const BATCH = 500;

/**
 * A book's progress becomes the reader's place in it (issue 10): the words before the saved place
 * over the book's words, where the place is the saved position's chapter and how far the reader had
 * got in it (that chapter's own progress, else the position's offset). The old figure averaged every
 * chapter's coverage, so a reader at the end of a book they skimmed showed 51%. A finished reader
 * keeps 100; a place at the very end of the last chapter now finishes the book (the list says
 * "finished" and the book's read counters are recounted from the rows). Rows without chapters to
 * place them in keep their figure. No 'read book' event is written for the past.
 */
export async function up(anyDb: Kysely<unknown>): Promise<void> {
  const db = (anyDb as Kysely<Tables>).withoutPlugins();
  const weightsByBook = new Map<string, { anchors: string[]; words: number[] }>();
  let finishedAny = false;
  let after: { userId: string; bookId: string } | null = null;

  for (;;) {
    let query = db.selectFrom("reading_progress").selectAll().orderBy("user_id").orderBy("book_id").limit(BATCH);
    if (after) {
      const { userId, bookId } = after;
      query = query.where((eb) =>
        eb.or([eb("user_id", ">", userId), eb.and([eb("user_id", "=", userId), eb("book_id", ">", bookId)])]),
      );
    }
    const rows = await query.execute();
    const last = rows.at(-1);
    if (!last) break;
    after = { userId: last.user_id, bookId: last.book_id };

    const unknownBooks = [...new Set(rows.map((row) => row.book_id))].filter((id) => !weightsByBook.has(id));
    if (unknownBooks.length > 0) {
      const chapters = await db
        .selectFrom("chapters")
        .innerJoin("book_data", (join) =>
          join
            .onRef("book_data.book_id", "=", "chapters.book_id")
            .onRef("book_data.latest_version", "=", "chapters.version"),
        )
        .select(["chapters.book_id", "chapters.anchor_id", "chapters.word_count"])
        .where("chapters.book_id", "in", unknownBooks)
        .orderBy("chapters.book_id")
        .orderBy("chapters.chapter_number")
        .execute();
      for (const id of unknownBooks) weightsByBook.set(id, { anchors: [], words: [] });
      for (const chapter of chapters) {
        const weights = weightsByBook.get(chapter.book_id);
        weights?.anchors.push(chapter.anchor_id);
        weights?.words.push(chapter.word_count);
      }
    }
    const chapterRows = await db
      .selectFrom("chapter_progress")
      .select(["user_id", "book_id", "anchor_id", "progress"])
      .where("user_id", "in", [...new Set(rows.map((row) => row.user_id))])
      .where("book_id", "in", [...new Set(rows.map((row) => row.book_id))])
      .execute();
    const chapterProgress = new Map(
      chapterRows.map((row) => [`${row.user_id}\u0000${row.book_id}\u0000${row.anchor_id}`, row.progress]),
    );

    for (const row of rows) {
      if (row.is_read === 1 && row.progress === PROGRESS_MAX) continue;
      const weights = weightsByBook.get(row.book_id);
      const position = parsePosition(row.epub_position);
      const anchorId = position?.anchorId ?? row.current_chapter;
      const index = anchorId && weights ? weights.anchors.indexOf(anchorId) : -1;
      if (!weights || index < 0) continue;
      const ownProgress = chapterProgress.get(`${row.user_id}\u0000${row.book_id}\u0000${anchorId}`);
      const percent = ownProgress ?? (position ? position.offset * PROGRESS_MAX : 0);
      const progress = bookProgressAt(weights.words, index, percent);
      const finishes = progress === PROGRESS_MAX && row.is_read === 0;
      if (progress === row.progress && !finishes) continue;
      await db
        .updateTable("reading_progress")
        .set({ progress, ...(finishes ? { is_read: 1 } : {}) })
        .where("user_id", "=", row.user_id)
        .where("book_id", "=", row.book_id)
        .execute();
      if (finishes) {
        finishedAny = true;
        await db
          .insertInto("list_entries")
          .values({ user_id: row.user_id, book_id: row.book_id, list: "finished", added_at: row.last_read_at })
          .onConflict((conflict) => conflict.columns(["user_id", "book_id"]).doUpdateSet({ list: "finished" }))
          .execute();
      }
    }
  }

  if (!finishedAny) return;
  // Counters equal their rows: recounted once, for every book, rather than nudged per row.
  await db
    .updateTable("books")
    .set((eb) => ({
      n_current_reads: eb
        .selectFrom("reading_progress")
        .select((count) => count.fn.countAll<number>().as("n"))
        .whereRef("reading_progress.book_id", "=", "books.id")
        .where("reading_progress.is_read", "=", 0),
      n_finished_reads: eb
        .selectFrom("reading_progress")
        .select((count) => count.fn.countAll<number>().as("n"))
        .whereRef("reading_progress.book_id", "=", "books.id")
        .where("reading_progress.is_read", "=", 1),
    }))
    .execute();
}

function parsePosition(text: string | null): { anchorId: string; offset: number } | null {
  const value = parseJson<{ anchorId?: unknown; offset?: unknown } | null>(text, null);
  if (typeof value?.anchorId !== "string") return null;
  const offset = typeof value.offset === "number" ? Math.min(1, Math.max(0, value.offset)) : 0;
  return { anchorId: value.anchorId, offset };
}
