import type { Kysely } from "kysely";

/**
 * Bookmarks, highlights and notes: private to their reader, anchored to a chapter's anchor id, a text
 * quote and character offsets into the chapter's text, with the edition (`version`) they were made in.
 * No foreign key to `books`: a book removed or re-imported must not take a reader's notes with it, so
 * the book's title and the chapter's name are kept on the row for the export. They go with their user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("annotations")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("book_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("anchor_id", "text", (c) => c.notNull())
    .addColumn("start_offset", "integer", (c) => c.notNull())
    .addColumn("end_offset", "integer")
    .addColumn("quote", "text")
    .addColumn("color", "text")
    .addColumn("note", "text")
    .addColumn("version", "text", (c) => c.notNull())
    .addColumn("chapter_name", "text", (c) => c.notNull())
    .addColumn("book_title", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // Every read and the per-book limit are one reader's rows in one book; the export reads all of a reader's.
  await db.schema.createIndex("annotations_user_book_idx").on("annotations").columns(["user_id", "book_id"]).execute();
}
