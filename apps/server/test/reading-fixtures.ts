import { type Kysely, sql } from "kysely";
import type { DialectName } from "../src/db/dialect";
import type { Database } from "../src/db/schema";
import { createUser } from "./factories";

/** Gives the chapters of a book made by `createBook` (version "1", `chapter-N`) these word counts, in order. */
export async function setChapterWords(db: Kysely<Database>, bookId: string, words: number[]): Promise<void> {
  for (const [index, wordCount] of words.entries()) {
    await db
      .updateTable("chapters")
      .set({ wordCount })
      .where("bookId", "=", bookId)
      .where("anchorId", "=", `chapter-${index + 1}`)
      .execute();
  }
}

/** Makes a new user the author of the given books (an `authors` row and a byline entry on each). */
export async function createAuthorOf(db: Kysely<Database>, bookIds: string[]) {
  const user = await createUser(db, { roles: JSON.stringify(["reader", "author"]) });
  await db
    .insertInto("authors")
    .values({ id: user.id, name: `${user.firstName} ${user.lastName}` })
    .execute();
  for (const bookId of bookIds)
    await db.insertInto("bookAuthors").values({ bookId, authorId: user.id, position: 0 }).execute();
  return user;
}

/** A book's counters next to a recount of the rows that justify them (DESIGN.md §5's reconciliation). */
export async function bookCounters(db: Kysely<Database>, bookId: string) {
  const book = await db
    .selectFrom("books")
    .select(["nUserStarred", "nCurrentReads", "nFinishedReads", "interactionScore", "lastInteractedAt"])
    .where("id", "=", bookId)
    .executeTakeFirstOrThrow();
  const stars = await db.selectFrom("stars").select("userId").where("bookId", "=", bookId).execute();
  const reads = await db.selectFrom("readingProgress").select("isRead").where("bookId", "=", bookId).execute();
  return {
    ...book,
    stars: stars.length,
    current: reads.filter((row) => row.isRead === 0).length,
    finished: reads.filter((row) => row.isRead === 1).length,
  };
}

/** An author's reader count next to the distinct users with progress on any of their books. */
export async function authorReaders(db: Kysely<Database>, authorId: string) {
  const author = await db.selectFrom("authors").select("nReaders").where("id", "=", authorId).executeTakeFirstOrThrow();
  const readers = await db
    .selectFrom("readingProgress")
    .innerJoin("bookAuthors", "bookAuthors.bookId", "readingProgress.bookId")
    .select("readingProgress.userId")
    .distinct()
    .where("bookAuthors.authorId", "=", authorId)
    .execute();
  return { nReaders: author.nReaders, distinctReaders: readers.length };
}

/**
 * Makes every insert into `table` for `bookId` fail inside the database (a trigger), to see how a
 * route answers an unexpected database error. Returns the function that removes the trigger.
 */
export async function failInsertsFor(
  db: Kysely<Database>,
  dialect: DialectName,
  table: "chapter_progress" | "reading_progress" | "stars" | "list_entries" | "launch_subscriptions",
  bookId: string,
): Promise<() => Promise<void>> {
  const name = `fail_${table}_${Math.random().toString(36).slice(2, 8)}`;
  const literal = sql.lit(bookId);
  if (dialect === "sqlite") {
    await sql`create trigger ${sql.id(name)} before insert on ${sql.id(table)} when new.book_id = ${literal}
      begin select raise(abort, 'injected failure'); end`.execute(db);
    return async () => {
      await sql`drop trigger ${sql.id(name)}`.execute(db);
    };
  }
  await sql`create function ${sql.id(name)}() returns trigger language plpgsql as
    'begin raise exception ''injected failure''; end'`.execute(db);
  await sql`create trigger ${sql.id(name)} before insert on ${sql.id(table)} for each row
    when (new.book_id = ${literal}) execute function ${sql.id(name)}()`.execute(db);
  return async () => {
    await sql`drop trigger ${sql.id(name)} on ${sql.id(table)}`.execute(db);
    await sql`drop function ${sql.id(name)}()`.execute(db);
  };
}

/** A small deterministic PRNG (mulberry32), so a concurrency test's mix of requests is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
