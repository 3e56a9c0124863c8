import { describe, expect, it } from "vitest";
import { createBook, createSignedInUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

// Issue 13: an offline replay sends `?at=<when it was made>`; a newer star or list entry is never undone by it.
describe.each(dialectsUnderTest())("late offline replays of stars and shelf moves on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  let clockMs = Date.parse("2026-11-21T10:00:00.000Z");
  const t = useTestApp(testDb, {
    clock: () => {
      clockMs += 1000;
      return new Date(clockMs);
    },
  });

  const call = (method: "GET" | "PUT" | "DELETE", url: string, headers: Record<string, string>) =>
    t.app.inject({ method, url, headers });
  const at = (ms: number) => `?at=${encodeURIComponent(new Date(ms).toISOString())}`;
  const starUrl = (bookId: string) => `/api/v1/books/${bookId}/star`;
  const listUrl = (list: string, bookId: string) => `/api/v1/me/lists/${list}/${bookId}`;
  const unlistUrl = (bookId: string) => `/api/v1/me/lists/${bookId}`;
  const viewerState = async (bookId: string, headers: Record<string, string>) =>
    (await call("GET", `/api/v1/books/${bookId}/viewer-state`, headers)).json();

  it("keeps a star made after a late unstar, and answers the star as it is", async () => {
    const { headers } = await createSignedInUser(testDb.db);
    const book = await createBook(testDb.db);
    await call("PUT", starUrl(book.id), headers);
    const madeOfflineBefore = `?at=${encodeURIComponent("2026-11-21T11:59:00+02:00")}`; // 09:59 UTC

    const late = await call("DELETE", `${starUrl(book.id)}${madeOfflineBefore}`, headers);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toEqual({ starred: true, nUserStarred: 1 });
    expect(await viewerState(book.id, headers)).toMatchObject({ starred: true });
  });

  it("removes a star older than the unstar's time, and without a time as before", async () => {
    const { headers } = await createSignedInUser(testDb.db);
    const book = await createBook(testDb.db);
    const other = await createBook(testDb.db);
    await call("PUT", starUrl(book.id), headers);
    await call("PUT", starUrl(other.id), headers);

    const newer = await call("DELETE", `${starUrl(book.id)}${at(clockMs + 1)}`, headers);
    expect(newer.json()).toEqual({ starred: false, nUserStarred: 0 });
    expect((await call("DELETE", starUrl(other.id), headers)).json()).toEqual({ starred: false, nUserStarred: 0 });
    expect(await viewerState(book.id, headers)).toMatchObject({ starred: false });
  });

  it("keeps the newer shelf when a shelf move made earlier arrives late", async () => {
    const { headers } = await createSignedInUser(testDb.db);
    const book = await createBook(testDb.db);
    const placed = (await call("PUT", listUrl("reading", book.id), headers)).json();
    const madeOfflineBefore = at(Date.parse(placed.addedAt) - 60_000);

    const late = await call("PUT", `${listUrl("finished", book.id)}${madeOfflineBefore}`, headers);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toEqual({ bookId: book.id, list: "reading", addedAt: placed.addedAt });
    expect(await viewerState(book.id, headers)).toMatchObject({ list: "reading" });

    const newer = await call("PUT", `${listUrl("finished", book.id)}${at(clockMs + 1)}`, headers);
    expect(newer.json()).toMatchObject({ bookId: book.id, list: "finished" });
    expect(await viewerState(book.id, headers)).toMatchObject({ list: "finished" });
  });

  it("keeps a list entry newer than a late removal; an older one, or a removal without a time, goes", async () => {
    const { headers } = await createSignedInUser(testDb.db);
    const book = await createBook(testDb.db);
    const other = await createBook(testDb.db);
    const placed = (await call("PUT", listUrl("want-to-read", book.id), headers)).json();
    await call("PUT", listUrl("reading", other.id), headers);

    const late = await call("DELETE", `${unlistUrl(book.id)}${at(Date.parse(placed.addedAt) - 1)}`, headers);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toEqual({ bookId: book.id, list: "want-to-read", addedAt: placed.addedAt });
    expect(await viewerState(book.id, headers)).toMatchObject({ list: "want-to-read" });

    const newer = await call("DELETE", `${unlistUrl(book.id)}${at(clockMs + 1)}`, headers);
    expect(newer.json()).toEqual({ bookId: book.id, list: null, addedAt: null });
    expect((await call("DELETE", unlistUrl(other.id), headers)).json()).toEqual({
      bookId: other.id,
      list: null,
      addedAt: null,
    });
    expect(await viewerState(book.id, headers)).toMatchObject({ list: null });
    expect(await viewerState(other.id, headers)).toMatchObject({ list: null });
  });

  it("judges only the viewer's own rows: another reader's newer star and shelf do not hold back a late action", async () => {
    const alice = await createSignedInUser(testDb.db);
    const bob = await createSignedInUser(testDb.db);
    const book = await createBook(testDb.db);
    await call("PUT", starUrl(book.id), bob.headers);
    await call("PUT", listUrl("reading", book.id), bob.headers);
    const long = at(clockMs - 3_600_000);

    expect((await call("DELETE", `${starUrl(book.id)}${long}`, alice.headers)).json()).toEqual({
      starred: false,
      nUserStarred: 1,
    });
    expect((await call("PUT", `${listUrl("finished", book.id)}${long}`, alice.headers)).json()).toMatchObject({
      list: "finished",
    });
    expect(await viewerState(book.id, bob.headers)).toMatchObject({ starred: true, list: "reading" });
  });

  it("refuses a time that is not an ISO date-time with 400", async () => {
    const { headers } = await createSignedInUser(testDb.db);
    const book = await createBook(testDb.db);
    for (const [method, url] of [
      ["DELETE", `${starUrl(book.id)}?at=yesterday`],
      ["PUT", `${listUrl("reading", book.id)}?at=2026-13-01`],
    ] as const) {
      expect((await call(method, url, headers)).statusCode, url).toBe(400);
    }
  });
});
