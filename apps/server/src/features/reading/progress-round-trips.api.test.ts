import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBook, createSignedInUser } from "../../../test/factories";
import { createAuthorOf } from "../../../test/reading-fixtures";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

/**
 * How many statements a progress save sends to PostgreSQL between BEGIN and COMMIT (both counted): each one is a
 * round trip during which the reader's row stays locked while the API process is busy elsewhere (docs/scale.md).
 * Recorded by an observer on pg's Client#query, as bench/scale/plans.ts does.
 */
describe.runIf(dialectsUnderTest().includes("postgres"))("progress save round trips on postgres", () => {
  const sent: string[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  // Before the test database opens its pool: each connection binds `query` when it opens (db/database.ts).
  beforeAll(() => {
    prototype.query = function (this: unknown, ...args: unknown[]) {
      const [first] = args;
      const text = typeof first === "object" && first !== null && "text" in first ? first.text : first;
      if (typeof text === "string") sent.push(text);
      return original.apply(this, args);
    };
  });
  afterAll(() => {
    prototype.query = original;
  });
  const testDb = useTestDatabase("postgres");
  const t = useTestApp(testDb);

  /** The statements of the request's transaction, from its BEGIN to its COMMIT. */
  async function transactionOf(request: { url: string; payload: object; headers: Record<string, string> }) {
    sent.length = 0;
    const response = await t.app.inject({ method: "PUT", ...request });
    expect(response.statusCode, response.body).toBe(200);
    const begin = sent.findIndex((text) => /^begin/i.test(text));
    const commit = sent.findIndex((text) => /^commit/i.test(text));
    expect(begin, sent.join("\n")).toBeGreaterThanOrEqual(0);
    return sent.slice(begin, commit + 1);
  }

  it("saves a place in four: begin, the reader's lock, one save, commit", async () => {
    const book = await createBook(testDb.db, { chapters: 3 });
    await createAuthorOf(testDb.db, [book.id]);
    const reader = await createSignedInUser(testDb.db);
    const chapter = (anchorId: string, progress: number) => ({
      url: `/api/v1/books/${book.id}/chapters/${anchorId}/progress`,
      payload: { progress },
      headers: reader.headers,
    });
    const place = {
      url: `/api/v1/books/${book.id}/progress`,
      payload: { progress: 40, currentChapter: "chapter-2", epubPosition: { anchorId: "chapter-2", offset: 0.5 } },
      headers: reader.headers,
    };

    // The first record also moves the counters, the reader's score, their list and the feed.
    const first = await transactionOf(chapter("chapter-1", 30));
    expect(first, first.join("\n")).toHaveLength(9);
    for (const save of [chapter("chapter-2", 60), place, chapter("chapter-2", 20)]) {
      const statements = await transactionOf(save);
      expect(statements, statements.join("\n")).toHaveLength(4);
    }
    // Reaching the end adds the finish's counters, scores, list, feed and event.
    const finish = await transactionOf(chapter("chapter-3", 100));
    expect(finish.length, finish.join("\n")).toBeGreaterThan(4);
  });
});
