import type { Kysely } from "kysely";

/**
 * The Markdown an author wrote each community chapter in. `chapters.html` is what readers get
 * (rendered and sanitised from this); the source is kept so the studio edits what the author typed,
 * not a lossy conversion back from HTML. One row per chapter of the book (community books have one
 * version), gone with the book.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("chapter_sources")
    .addColumn("book_id", "text", (c) => c.notNull().references("books.id").onDelete("cascade"))
    .addColumn("anchor_id", "text", (c) => c.notNull())
    .addColumn("markdown", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("chapter_sources_pk", ["book_id", "anchor_id"])
    .execute();
}
