import type { Kysely } from "kysely";

/**
 * KOReader progress sync (issue 13).
 *
 * - `device_passwords`: passwords an account makes for its e-readers. KOReader sends md5(password) as its
 *   key, so the row keeps an argon2 hash of that MD5 hex, plus a short SHA-256 prefix of it to find the row
 *   without trying every hash (the passwords are random, so the prefix tells nothing worth knowing).
 * - `koreader_documents`: the ids KOReader knows a Quire book's EPUB by — its partial MD5 ("binary") and
 *   the MD5 of its download file name ("filename"), with the storage key or file name they came from.
 *   Filled from storage by the sync feature's document index (a backfill on the first lookup that misses,
 *   then for each new file), since a migration cannot read storage.
 * - `koreader_progress`: the last KOReader write per reader and document, as KOReader sent it; for a Quire
 *   book its percentage also moved the reader's Quire progress.
 *
 * Every row goes with its user (or its book).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("device_passwords")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("key_lookup", "text", (c) => c.notNull())
    .addColumn("key_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema
    .createIndex("device_passwords_user_lookup_idx")
    .on("device_passwords")
    .columns(["user_id", "key_lookup"])
    .execute();

  await db.schema
    .createTable("koreader_documents")
    .addColumn("document", "text", (c) => c.notNull())
    .addColumn("book_id", "text", (c) => c.notNull().references("books.id").onDelete("cascade"))
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("koreader_documents_pk", ["document", "book_id"])
    .execute();
  await db.schema.createIndex("koreader_documents_book_idx").on("koreader_documents").column("book_id").execute();
  await db.schema.createIndex("koreader_documents_source_idx").on("koreader_documents").column("source").execute();

  await db.schema
    .createTable("koreader_progress")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("document", "text", (c) => c.notNull())
    .addColumn("book_id", "text")
    .addColumn("percentage", "double precision", (c) => c.notNull())
    .addColumn("progress", "text", (c) => c.notNull())
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("device_id", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("koreader_progress_pk", ["user_id", "document"])
    .execute();
}
