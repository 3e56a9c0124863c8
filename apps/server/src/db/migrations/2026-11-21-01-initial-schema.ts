import { type Kysely, sql } from "kysely";
import type { DialectName } from "../dialect";

/**
 * The whole data model of DESIGN.md §5. Booleans are integer 0/1, timestamps ISO-8601 text and
 * JSON text, so both dialects store the same values; only the floating-point type differs.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const double = dialect === "postgres" ? "double precision" : "real";

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("first_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("last_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("username", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("roles", "text", (c) => c.notNull())
    .addColumn("sign_up_for_beta", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("social", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("avatar_url", "text")
    .addColumn("cover_url", "text")
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("location", "text", (c) => c.notNull())
    .addColumn("n_following", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("n_followers", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("accepted_terms", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("accepted_tracking", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("email_verified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("n_referred_users", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("search_user_id", "text", (c) => c.notNull())
    .addColumn("utm", "text")
    .addColumn("interaction_score", double, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("users_created_at_idx").on("users").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("users_interaction_score_idx").on("users").columns(["interaction_score", "id"]).execute();

  await db.schema
    .createTable("follows")
    .addColumn("follower_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("followee_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("follows_pk", ["follower_id", "followee_id"])
    .addCheckConstraint("follows_no_self", sql`follower_id <> followee_id`)
    .execute();
  await db.schema.createIndex("follows_followee_idx").on("follows").columns(["followee_id", "created_at"]).execute();

  await db.schema
    .createTable("books")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("authors", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("author_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("image_url", "text")
    .addColumn("summary", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("display", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("publishing_label", "text")
    .addColumn("completion_status", "text", (c) => c.notNull())
    .addColumn("launched_date", "text")
    .addColumn("added_date", "text", (c) => c.notNull())
    .addColumn("n_user_starred", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("n_current_reads", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("n_finished_reads", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("interaction_score", double, (c) => c.notNull().defaultTo(0))
    .addColumn("last_interacted_at", "text")
    .execute();
  // Keyset paging over every sort the catalogue offers, visible books first.
  await db.schema
    .createIndex("books_popular_idx")
    .on("books")
    .columns(["display", "interaction_score", "id"])
    .execute();
  await db.schema.createIndex("books_newest_idx").on("books").columns(["display", "added_date", "id"]).execute();
  await db.schema.createIndex("books_title_idx").on("books").columns(["display", "title", "id"]).execute();
  await db.schema
    .createIndex("books_launched_idx")
    .on("books")
    .columns(["source", "status", "launched_date", "id"])
    .execute();

  await db.schema
    .createTable("book_authors")
    .addColumn("book_id", "text", (c) => c.notNull().references("books.id").onDelete("cascade"))
    .addColumn("author_id", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("book_authors_pk", ["book_id", "author_id"])
    .execute();
  await db.schema.createIndex("book_authors_author_idx").on("book_authors").columns(["author_id", "book_id"]).execute();

  await db.schema
    .createTable("genres")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("display_name", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("book_genres")
    .addColumn("book_id", "text", (c) => c.notNull().references("books.id").onDelete("cascade"))
    .addColumn("genre_id", "text", (c) => c.notNull().references("genres.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("book_genres_pk", ["book_id", "genre_id"])
    .execute();
  await db.schema.createIndex("book_genres_genre_idx").on("book_genres").columns(["genre_id", "book_id"]).execute();

  await db.schema
    .createTable("categories")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("categories_position_idx").on("categories").columns(["position", "id"]).execute();

  await db.schema
    .createTable("category_books")
    .addColumn("category_id", "text", (c) => c.notNull().references("categories.id").onDelete("cascade"))
    .addColumn("book_id", "text", (c) => c.notNull().references("books.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("category_books_pk", ["category_id", "book_id"])
    .execute();
  await db.schema.createIndex("category_books_book_idx").on("category_books").columns(["book_id"]).execute();

  await db.schema
    .createTable("stars")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("book_id", "text", (c) => c.notNull().references("books.id").onDelete("cascade"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("stars_pk", ["user_id", "book_id"])
    .execute();
  await db.schema.createIndex("stars_book_idx").on("stars").columns(["book_id", "user_id"]).execute();

  // The primary key (user, book) makes "a book is in one system list at a time" a database fact.
  await db.schema
    .createTable("list_entries")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("book_id", "text", (c) => c.notNull().references("books.id").onDelete("cascade"))
    .addColumn("list", "text", (c) => c.notNull())
    .addColumn("added_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("list_entries_pk", ["user_id", "book_id"])
    .execute();
  await db.schema
    .createIndex("list_entries_list_idx")
    .on("list_entries")
    .columns(["user_id", "list", "added_at"])
    .execute();

  await db.schema
    .createTable("launch_subscriptions")
    .addColumn("book_id", "text", (c) => c.notNull().references("books.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("launch_subscriptions_pk", ["book_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("launch_subscriptions_user_idx")
    .on("launch_subscriptions")
    .columns(["user_id"])
    .execute();

  await db.schema
    .createTable("book_data")
    .addColumn("book_id", "text", (c) => c.primaryKey().notNull().references("books.id").onDelete("cascade"))
    .addColumn("book_teaser", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("characters", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("css", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("toc_length", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("moods", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("time_to_read_minutes", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("word_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("versions_map", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("latest_version", "text", (c) => c.notNull())
    .addColumn("epub_toc", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();

  await db.schema
    .createTable("chapters")
    .addColumn("book_id", "text", (c) => c.notNull().references("books.id").onDelete("cascade"))
    .addColumn("version", "text", (c) => c.notNull())
    .addColumn("anchor_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("chapter_number", "integer", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull())
    .addColumn("word_count", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("chapters_pk", ["book_id", "version", "anchor_id"])
    .execute();
  await db.schema
    .createIndex("chapters_order_idx")
    .on("chapters")
    .columns(["book_id", "version", "chapter_number"])
    .execute();

  await db.schema
    .createTable("reading_progress")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("book_id", "text", (c) => c.notNull().references("books.id").onDelete("cascade"))
    .addColumn("progress", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("current_chapter", "text")
    .addColumn("last_read_at", "text", (c) => c.notNull())
    .addColumn("is_read", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("epub_position", "text")
    .addPrimaryKeyConstraint("reading_progress_pk", ["user_id", "book_id"])
    .execute();
  await db.schema.createIndex("reading_progress_book_idx").on("reading_progress").columns(["book_id"]).execute();
  await db.schema
    .createIndex("reading_progress_recent_idx")
    .on("reading_progress")
    .columns(["user_id", "last_read_at"])
    .execute();

  await db.schema
    .createTable("chapter_progress")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("book_id", "text", (c) => c.notNull().references("books.id").onDelete("cascade"))
    .addColumn("anchor_id", "text", (c) => c.notNull())
    .addColumn("progress", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_read", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_read_at", "text", (c) => c.notNull())
    .addColumn("epub_position", "text")
    .addPrimaryKeyConstraint("chapter_progress_pk", ["user_id", "book_id", "anchor_id"])
    .execute();

  await db.schema
    .createTable("authors")
    .addColumn("id", "text", (c) => c.primaryKey().notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("n_readers", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("account_deletion_requests")
    .addColumn("user_id", "text", (c) => c.primaryKey().notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("user_events")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("priority", "text", (c) => c.notNull())
    .addColumn("target_user_id", "text")
    .addColumn("triggered_by_user_id", "text", (c) => c.notNull())
    .addColumn("triggered_by_user_name", "text", (c) => c.notNull())
    .addColumn("target_resource_id", "text", (c) => c.notNull())
    .addColumn("target_resource_type", "text", (c) => c.notNull())
    .addColumn("target_resource_name", "text", (c) => c.notNull())
    .addColumn("processed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("user_events_pending_idx")
    .on("user_events")
    .columns(["processed", "created_at"])
    .execute();
  await db.schema
    .createIndex("user_events_target_idx")
    .on("user_events")
    .columns(["target_user_id", "created_at"])
    .execute();
}
