import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { toJson } from "../src/db/json";
import type { BooksTable, Database, NewBook, NewUser } from "../src/db/schema";
import { hashToken, newSecretToken } from "../src/features/auth/secrets";

/**
 * Fresh rows with unique ids and partial overrides, so no test depends on what else is in its database.
 */
export function uniqueId(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

const isoDaysAgo = (days: number, from = new Date()) => new Date(from.getTime() - days * 86_400_000).toISOString();

export async function createUser(db: Kysely<Database>, overrides: Partial<NewUser> = {}) {
  const id = overrides.id ?? uniqueId("user");
  const row: NewUser = {
    id,
    firstName: "Test",
    lastName: "Reader",
    username: id,
    email: `${id}@example.test`,
    roles: toJson(["reader"]),
    signUpForBeta: 0,
    social: "{}",
    createdAt: isoDaysAgo(1),
    updatedAt: isoDaysAgo(1),
    avatarUrl: null,
    coverUrl: null,
    description: "",
    location: "",
    acceptedTerms: 1,
    acceptedTracking: 0,
    emailVerified: 1,
    searchUserId: randomUUID(),
    utm: null,
    onboardedAt: isoDaysAgo(1),
    ...overrides,
  };
  await db.insertInto("users").values(row).execute();
  return row;
}

export async function createGenre(db: Kysely<Database>, overrides: { id?: string; displayName?: string } = {}) {
  const id = overrides.id ?? uniqueId("genre");
  const row = { id, displayName: overrides.displayName ?? `Genre ${id}` };
  await db.insertInto("genres").values(row).execute();
  return row;
}

export async function createCategory(
  db: Kysely<Database>,
  overrides: { id?: string; name?: string; position?: number } = {},
) {
  const id = overrides.id ?? uniqueId("category");
  const row = { id, name: overrides.name ?? `Category ${id}`, position: overrides.position ?? 1 };
  await db.insertInto("categories").values(row).execute();
  return row;
}

export interface BookFixture {
  book?: Partial<NewBook>;
  genres?: string[];
  categories?: { id: string; position: number }[];
  chapters?: number;
}

/** A book with its book data and `chapters` chapters of version "1". */
export async function createBook(db: Kysely<Database>, fixture: BookFixture = {}) {
  const id = fixture.book?.id ?? uniqueId("book");
  const book: NewBook & Pick<BooksTable, "display"> = {
    id,
    title: `Book ${id}`,
    authors: toJson(["A. Writer"]),
    authorIds: toJson([]),
    imageUrl: `/files/covers/${id}.svg`,
    summary: `Summary of ${id}`,
    source: "own",
    display: 1,
    status: "launched",
    publishingLabel: "community-original",
    completionStatus: "complete",
    launchedDate: isoDaysAgo(100),
    addedDate: isoDaysAgo(120),
    lastInteractedAt: null,
    ...fixture.book,
  };
  const chapterCount = fixture.chapters ?? 2;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("books").values(book).execute();
    for (const genreId of fixture.genres ?? [])
      await trx.insertInto("bookGenres").values({ bookId: id, genreId }).execute();
    for (const category of fixture.categories ?? []) {
      await trx
        .insertInto("categoryBooks")
        .values({ categoryId: category.id, bookId: id, position: category.position })
        .execute();
    }
    const chapters = Array.from({ length: chapterCount }, (_, index) => ({
      bookId: id,
      version: "1",
      anchorId: `chapter-${index + 1}`,
      name: `Chapter ${index + 1}`,
      chapterNumber: index + 1,
      html: `<h2>Chapter ${index + 1}</h2><p>Words of chapter ${index + 1}.</p>`,
      wordCount: 100,
    }));
    if (chapters.length > 0) await trx.insertInto("chapters").values(chapters).execute();
    await trx
      .insertInto("bookData")
      .values({
        bookId: id,
        bookTeaser: `Teaser of ${id}`,
        characters: toJson([{ name: "Ada", description: "The heroine" }]),
        css: "",
        tocLength: chapterCount,
        moods: toJson(["hopeful"]),
        timeToReadMinutes: Math.ceil((chapterCount * 100) / 238),
        wordCount: chapterCount * 100,
        versionsMap: toJson({ "1": book.addedDate }),
        latestVersion: "1",
        epubToc: toJson(chapters.map((c) => ({ title: c.name, anchorId: c.anchorId, children: [] }))),
      })
      .execute();
  });
  return book;
}

/**
 * A user with a live session, for API tests that are about something other than signing in:
 * `headers` carry the bearer token the native app would send.
 */
export async function createSignedInUser(db: Kysely<Database>, overrides: Partial<NewUser> = {}) {
  const user = await createUser(db, overrides);
  const token = newSecretToken();
  const now = new Date();
  await db
    .insertInto("sessions")
    .values({
      idHash: hashToken(token),
      userId: user.id,
      createdAt: now.toISOString(),
      lastUsedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
      userAgent: null,
    })
    .execute();
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}
