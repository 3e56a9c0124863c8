import type { Kysely } from "kysely";

/**
 * Imported books (EPUB). A book's package identifier ties every later edition to the same book,
 * so re-importing updates it in place; unique, so two imports of one edition cannot make two books.
 * The language tells the reader which hyphenation and quotes the text expects.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("book_data").addColumn("epub_identifier", "text").execute();
  await db.schema
    .alterTable("book_data")
    .addColumn("language", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createIndex("book_data_epub_identifier_idx")
    .on("book_data")
    .column("epub_identifier")
    .unique()
    .execute();
}
