import type { Kysely } from "kysely";

/**
 * Public-domain books download as the file they were imported from (issue 4), so the importer keeps
 * it in storage and book_data names its key. Books imported before have none and are exported rebuilt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("book_data").addColumn("original_epub_key", "text").execute();
}
