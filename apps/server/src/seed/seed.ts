import type { Insertable, Kysely, Transaction } from "kysely";
import { chunksOf } from "../db/chunks";
import type { Database } from "../db/schema";
import type { FileStorage } from "../infra/storage";
import { renderCoverSvg } from "./covers";
import { buildDemoPlan, DEMO_MARKER_BOOK_ID, type DemoPlan, demoCoverRequests } from "./plan";

export interface SeedContext {
  db: Kysely<Database>;
  storage: FileStorage;
  now: Date;
}

export interface SeedResult {
  /** false when the demo content was already there and nothing was written. */
  seeded: boolean;
  /** Books and users inserted by this call (0 when seeded is false). */
  books: number;
  users: number;
}

export const coverKey = (bookId: string): string => `covers/${bookId}.svg`;

async function demoExists(db: Kysely<Database> | Transaction<Database>): Promise<boolean> {
  const row = await db.selectFrom("books").select("id").where("id", "=", DEMO_MARKER_BOOK_ID).executeTakeFirst();
  return row !== undefined;
}

/** Rows per INSERT: far below SQLite's and PostgreSQL's bound-parameter limits even for the widest table. */
const CHUNK = 100;

async function insertRows<T extends keyof Database & string>(
  trx: Transaction<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (const chunk of chunksOf(rows, CHUNK)) {
    // @NOTE Kysely cannot relate a generic table name to its row type; the plan's types already did.
    await trx
      .insertInto(table)
      .values(chunk as never)
      .execute();
  }
}

/** Parents before children, so every foreign key finds its row. */
async function insertPlan(trx: Transaction<Database>, plan: DemoPlan): Promise<void> {
  await insertRows(trx, "users", plan.users);
  await insertRows(trx, "authors", plan.authors);
  // Genres are shared with the rest of the catalogue; one that already exists is kept as it is.
  await trx
    .insertInto("genres")
    .values(plan.genres)
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
  await insertRows(trx, "books", plan.books);
  await insertRows(trx, "bookAuthors", plan.bookAuthors);
  await insertRows(trx, "bookGenres", plan.bookGenres);
  await insertRows(trx, "categories", plan.categories);
  await insertRows(trx, "categoryBooks", plan.categoryBooks);
  await insertRows(trx, "bookData", plan.bookData);
  await insertRows(trx, "chapters", plan.chapters);
  await insertRows(trx, "follows", plan.follows);
  await insertRows(trx, "stars", plan.stars);
  await insertRows(trx, "readingProgress", plan.readingProgress);
  await insertRows(trx, "chapterProgress", plan.chapterProgress);
  await insertRows(trx, "listEntries", plan.listEntries);
  await insertRows(trx, "launchSubscriptions", plan.launchSubscriptions);
}

/**
 * Fills an empty Quire with a living demo: community books with real chapters and generated
 * covers, readers and authors who follow, star and read them, genres and curated categories.
 * Every date is relative to `ctx.now`. Idempotent: when the first demo book exists it does
 * nothing. Covers go to storage first (rewriting them is harmless); the rows go in one
 * transaction, so a failure leaves no half-seeded database.
 */
export async function seedDemoContent(ctx: SeedContext): Promise<SeedResult> {
  const nothing: SeedResult = { seeded: false, books: 0, users: 0 };
  if (await demoExists(ctx.db)) return nothing;

  const imageUrls = new Map<string, string>();
  const encoder = new TextEncoder();
  for (const cover of demoCoverRequests()) {
    const svg = renderCoverSvg({
      id: cover.bookId,
      title: cover.title,
      authors: cover.authors,
      genre: cover.genreId,
      genreLabel: cover.genreName,
    });
    imageUrls.set(cover.bookId, await ctx.storage.put(coverKey(cover.bookId), encoder.encode(svg), "image/svg+xml"));
  }

  const plan = buildDemoPlan(ctx.now, imageUrls);
  return ctx.db.transaction().execute(async (trx) => {
    // Another process may have seeded while the covers were being written.
    if (await demoExists(trx)) return nothing;
    await insertPlan(trx, plan);
    return { seeded: true, books: plan.books.length, users: plan.users.length };
  });
}
