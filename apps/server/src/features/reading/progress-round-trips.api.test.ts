import { describe, expect, it } from "vitest";
import { createBook, createSignedInUser } from "../../../test/factories";
import { createAuthorOf } from "../../../test/reading-fixtures";
import { recordStatements } from "../../../test/statements-sent";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

/**
 * How many statements a progress save sends to PostgreSQL, and how many of them run in a transaction (BEGIN and
 * COMMIT counted): each of those is a round trip during which the reader's rows stay locked while the API process
 * may be busy elsewhere (docs/scale.md). Recorded by an observer on pg's Client#query, as bench/scale/plans.ts does.
 */
describe.runIf(dialectsUnderTest().includes("postgres"))("progress save round trips on postgres", () => {
  const sent = recordStatements();
  const testDb = useTestDatabase("postgres");
  const t = useTestApp(testDb);

  /** Every statement the request sent, and those of its transaction (from its BEGIN to its COMMIT; none without). */
  async function statementsOf(request: { url: string; payload: object; headers: Record<string, string> }) {
    sent.length = 0;
    const response = await t.app.inject({ method: "PUT", ...request });
    expect(response.statusCode, response.body).toBe(200);
    const all = [...sent];
    const begin = all.findIndex((text) => /^begin/i.test(text));
    const commit = all.findIndex((text) => /^commit/i.test(text));
    return { all, transaction: begin < 0 ? [] : all.slice(begin, commit + 1) };
  }

  it("moves a place in one statement, and runs a first record or a finish in the reader's transaction", async () => {
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

    // The first record: the quick save finds no place to move; the transaction's lock and save are followed by
    // the counters, the author's readers, the reader's score, their list and the feed.
    const first = await statementsOf(chapter("chapter-1", 30));
    expect(first.transaction, first.all.join("\n")).toHaveLength(9);
    // A place moved: the session, the book and its chapters, then the save alone, outside any transaction.
    for (const save of [chapter("chapter-2", 60), place, chapter("chapter-2", 20)]) {
      const { all, transaction } = await statementsOf(save);
      expect(transaction, all.join("\n")).toEqual([]);
      expect(all, all.join("\n")).toHaveLength(3);
    }
    // Reaching the end finishes the book: in the transaction, with its counters, scores, list, feed and event.
    const finish = await statementsOf(chapter("chapter-3", 100));
    expect(finish.transaction.length, finish.all.join("\n")).toBeGreaterThan(4);
  });
});
