import { type Kysely, sql } from "kysely";

/**
 * Imported classics read like books (issue 10): a chapter is front matter, body or back matter, the
 * book starts at its first body chapter, and a public-domain book keeps the year it first appeared.
 * Existing chapters stay 'body' and books start at their first chapter until a new edition is imported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("chapters")
    .addColumn("role", "text", (column) =>
      column.notNull().defaultTo("body").check(sql`role in ('front', 'body', 'back')`),
    )
    .execute();
  // Progress weighs body chapters only, so the covering index of the weights (2026-11-22-02) carries the role too.
  await db.schema.dropIndex("chapters_weights_idx").execute();
  await db.schema
    .createIndex("chapters_weights_idx")
    .on("chapters")
    .columns(["book_id", "version", "chapter_number", "anchor_id", "word_count", "role"])
    .execute();
  await db.schema.alterTable("book_data").addColumn("start_anchor_id", "text").execute();
  await db.schema.alterTable("book_data").addColumn("original_publication_year", "integer").execute();
}
