import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { dialectsUnderTest, useTestDatabase } from "../../test/test-db";
import { migrateToLatest } from "./migrator";

const TABLES = [
  "account_deletion_requests",
  "activities",
  "analytics_daily",
  "analytics_events",
  "annotations",
  "authors",
  "book_authors",
  "book_data",
  "book_genres",
  "book_json",
  "books",
  "categories",
  "category_books",
  "chapter_progress",
  "chapter_sources",
  "chapters",
  "credentials",
  "device_passwords",
  "email_tokens",
  "exchange_rate_tables",
  "follows",
  "genre_books",
  "genres",
  "koreader_documents",
  "koreader_progress",
  "launch_subscriptions",
  "list_entries",
  "notification_preferences",
  "notifications",
  "push_deliveries",
  "push_registrations",
  "reader_settings",
  "reading_progress",
  "sessions",
  "social_accounts",
  "social_sign_in_flows",
  "stars",
  "user_events",
  "users",
];

const dialects = dialectsUnderTest();
const databases = Object.fromEntries(dialects.map((dialect) => [dialect, useTestDatabase(dialect)]));

async function describeSchema(dialect: string) {
  const tables = await databases[dialect]?.db.introspection.getTables();
  return Object.fromEntries(
    (tables ?? [])
      // search_changes notes the writing transaction only on PostgreSQL; features/search tests it on both.
      // analytics_events' partitions exist only on PostgreSQL (features/analytics tests them).
      .filter((table) => !/^(kysely_|search_|analytics_events_)/.test(table.name))
      .map((table) => [
        table.name,
        table.columns.map((column) => `${column.name}${column.isNullable ? "?" : ""}`).sort(),
      ]),
  );
}

describe("database schema", () => {
  it.each(dialects)("creates the whole data model on %s", async (dialect) => {
    expect(Object.keys(await describeSchema(dialect)).sort()).toEqual(TABLES);
  });

  it.runIf(dialects.length > 1)("is the same on every dialect: tables, columns and nullability", async () => {
    const [first, ...rest] = await Promise.all(dialects.map(describeSchema));
    for (const other of rest) expect(other).toEqual(first);
  });

  it.each(dialects)("migrating again on %s is a no-op", async (dialect) => {
    const handle = databases[dialect]?.handle;
    if (!handle) throw new Error("no database");
    expect(await migrateToLatest(handle.db, handle.dialect)).toEqual([]);
  });

  it.each(dialects)("enforces one system list per book and no self-follow on %s", async (dialect) => {
    const db = databases[dialect]?.db;
    if (!db) throw new Error("no database");
    const now = new Date().toISOString();
    const user = {
      id: `u-${dialect}`,
      username: `u-${dialect}`,
      email: `u-${dialect}@x.test`,
      roles: "[]",
      createdAt: now,
      updatedAt: now,
      location: "x",
      searchUserId: "s",
      signUpForBeta: 0,
      social: "{}",
      description: "",
      acceptedTerms: 1,
      acceptedTracking: 0,
      emailVerified: 1,
      firstName: "",
      lastName: "",
      avatarUrl: null,
      coverUrl: null,
      utm: null,
    } as const;
    await db.insertInto("users").values(user).execute();
    await db
      .insertInto("books")
      .values({
        id: `b-${dialect}`,
        title: "T",
        source: "own",
        status: "wip",
        completionStatus: "wip",
        addedDate: now,
        authors: "[]",
        authorIds: "[]",
        imageUrl: null,
        summary: "",
        display: 1,
        publishingLabel: null,
        launchedDate: null,
        lastInteractedAt: null,
      })
      .execute();
    const entry = { userId: user.id, bookId: `b-${dialect}`, addedAt: now };
    await db
      .insertInto("listEntries")
      .values({ ...entry, list: "reading" })
      .execute();
    await expect(
      db
        .insertInto("listEntries")
        .values({ ...entry, list: "finished" })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto("follows")
        .values({ followerId: user.id, followeeId: user.id, createdAt: now, updatedAt: now })
        .execute(),
    ).rejects.toThrow();
    await expect(
      sql`insert into stars (user_id, book_id, updated_at) values ('nobody', ${`b-${dialect}`}, ${now})`.execute(db),
    ).rejects.toThrow();
  });
});
