import type { Insertable, Kysely, Transaction } from "kysely";
import { chunksOf } from "../db/chunks";
import type { Database } from "../db/schema";
import { DEMO_MARKER_BOOK_ID, type DemoPlan } from "./plan";

export async function demoExists(db: Kysely<Database> | Transaction<Database>): Promise<boolean> {
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

/** The plan's rows in one transaction; false when another process seeded while the covers were being written. */
export async function insertDemoPlan(db: Kysely<Database>, plan: DemoPlan): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (await demoExists(trx)) return false;
    await insertPlan(trx, plan);
    return true;
  });
}
