import { encodeCursor } from "@quire/core";
import type { Kysely } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { dialectsUnderTest, useTestDatabase } from "../../test/test-db";
import { type Keyset, keysetPage, pageOf, readCursor } from "./keyset";

interface ProbeDatabase {
  keysetProbe: { id: string; score: number; label: string };
}
type Row = ProbeDatabase["keysetProbe"];

// Ties on every sort value, so a page boundary falls inside a tie.
const ROWS: Row[] = Array.from({ length: 23 }, (_, n) => ({
  id: `row-${String(n).padStart(2, "0")}`,
  score: n % 4,
  label: ["b", "a", "c"][n % 3] as string,
}));

describe.each(dialectsUnderTest())("keyset paging on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const db = () => testDb.db as unknown as Kysely<ProbeDatabase>;

  beforeAll(async () => {
    await db()
      .schema.createTable("keyset_probe")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("score", "integer", (c) => c.notNull())
      .addColumn("label", "text", (c) => c.notNull())
      .execute();
    await db().insertInto("keysetProbe").values(ROWS).execute();
  });

  const page = (cursor: string | undefined, options: Partial<Keyset<ProbeDatabase, "keysetProbe", Row>> = {}) =>
    keysetPage(db().selectFrom("keysetProbe").selectAll(), {
      cursor,
      foreign: "refuse",
      sort: "score",
      id: "id",
      direction: "desc",
      sortType: "number",
      limit: 5,
      keyOf: (row) => [row.score, row.id],
      ...options,
    });

  const everyPage = async (options: Partial<Keyset<ProbeDatabase, "keysetProbe", Row>>) => {
    const seen: Row[] = [];
    let cursor: string | undefined;
    do {
      const next = await page(cursor, options);
      seen.push(...next.items);
      cursor = next.nextCursor ?? undefined;
    } while (cursor);
    return seen;
  };

  it("walks every row once, in (sort, id) order, through ties, in either direction", async () => {
    const byScore = (a: Row, b: Row) => a.score - b.score || a.id.localeCompare(b.id);
    expect(await everyPage({})).toEqual([...ROWS].sort(byScore).reverse());
    expect(await everyPage({ direction: "asc" })).toEqual([...ROWS].sort(byScore));

    const byLabel = (a: Row, b: Row) => a.label.localeCompare(b.label) || a.id.localeCompare(b.id);
    const byLabelPages = await everyPage({
      sort: "label",
      sortType: "string",
      direction: "asc",
      keyOf: (row) => [row.label, row.id],
    });
    expect(byLabelPages).toEqual([...ROWS].sort(byLabel));
  });

  it("answers a cursor of the last row's (sort, id), and none on the last page", async () => {
    const first = await page(undefined);
    const last = first.items.at(-1) as Row;
    expect(first.nextCursor).toBe(encodeCursor([last.score, last.id]));

    const exact = await page(undefined, { limit: ROWS.length });
    expect(exact.items).toHaveLength(ROWS.length);
    expect(exact.nextCursor).toBeNull();
  });

  it("refuses a foreign cursor, or reads it as the first page, as the route chooses", async () => {
    const firstPage = await page(undefined);
    for (const foreign of ["garbage", encodeCursor(["3", "row-03"])]) {
      await expect(page(foreign)).rejects.toMatchObject({ code: "invalid-argument", message: "Invalid cursor" });
      expect(await page(foreign, { foreign: "first-page" })).toEqual(firstPage);
    }
  });
});

describe("cursor pieces", () => {
  it("reads no cursor as the first page and checks the sort value's type", () => {
    expect(readCursor(undefined, { foreign: "refuse" })).toBeUndefined();
    expect(readCursor(encodeCursor(["2026-11-26", "a"]), { foreign: "refuse" })).toEqual(["2026-11-26", "a"]);
    expect(() => readCursor(encodeCursor([7, "a"]), { foreign: "refuse" })).toThrow("Invalid cursor");
    expect(readCursor(encodeCursor([null, "a"]), { foreign: "first-page", sortType: "number" })).toBeUndefined();
  });

  it("cuts the extra row and names the next page after the last kept one", () => {
    const keyOf = (n: number): [number, string] => [n, `id-${n}`];
    expect(pageOf([1, 2, 3], 2, keyOf)).toEqual({ items: [1, 2], nextCursor: encodeCursor([2, "id-2"]) });
    expect(pageOf([1, 2], 2, keyOf)).toEqual({ items: [1, 2], nextCursor: null });
  });
});
