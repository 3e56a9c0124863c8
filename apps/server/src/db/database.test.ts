import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle, withFixedRowCounts } from "./database";

describe("withFixedRowCounts", () => {
  it("casts the parameters of limit and offset, and nothing else", () => {
    expect(withFixedRowCounts('select "id" from "books" where "title" = ? order by "id" limit ? offset ?')).toBe(
      'select "id" from "books" where "title" = ? order by "id" limit cast(? as integer) offset cast(? as integer)',
    );
    expect(withFixedRowCounts("select * from (select id from t LIMIT ?) as page limit 5")).toBe(
      "select * from (select id from t LIMIT cast(? as integer)) as page limit 5",
    );
    expect(withFixedRowCounts("select ? as delimit")).toBe("select ? as delimit");
  });
});

describe("SQLite statements with a row count bound", () => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => handle?.destroy());

  it("take the count and the offset of each run, not of the first", async () => {
    handle = createDatabase({ url: ":memory:" });
    const { db } = handle;
    await sql`create table numbers (n integer primary key)`.execute(db);
    await sql`insert into numbers (n) values (1), (2), (3), (4), (5)`.execute(db);
    const read = (limit: number, offset: number) =>
      sql<{ n: number }>`select n from numbers order by n limit ${limit} offset ${offset}`
        .execute(db)
        .then((result) => result.rows.map((row) => row.n));
    expect(await read(2, 0)).toEqual([1, 2]);
    expect(await read(3, 1)).toEqual([2, 3, 4]);
    expect(await read(1, 4)).toEqual([5]);
    expect(await read(-1, 3)).toEqual([4, 5]);
  });
});
