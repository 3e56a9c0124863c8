import type { Kysely } from "kysely";

/**
 * Every reading-progress write weighs the book's chapters by their words. `word_count` is stored
 * after each chapter's HTML, so reading it from the table walks that HTML's overflow pages; this
 * index holds everything the weights need (order, anchor, words), so the lookup never touches the
 * chapter rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("chapters_weights_idx")
    .on("chapters")
    .columns(["book_id", "version", "chapter_number", "anchor_id", "word_count"])
    .execute();
}
