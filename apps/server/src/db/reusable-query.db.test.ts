import type { Kysely } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { dialectsUnderTest, useTestDatabase } from "../../test/test-db";
import { param, ReusableQuery } from "./reusable-query";

interface ProbeDatabase {
  reusableProbe: { id: string; shownName: string; details: string };
}

describe.each(dialectsUnderTest())("ReusableQuery on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const db = () => testDb.db as unknown as Kysely<ProbeDatabase>;
  let byId: ReusableQuery<{ id: string; shownName: string; details: unknown }>;

  beforeAll(async () => {
    await db()
      .schema.createTable("reusable_probe")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("shown_name", "text", (c) => c.notNull())
      .addColumn("details", "text", (c) => c.notNull())
      .execute();
    await db().insertInto("reusableProbe").values({ id: "a", shownName: "A", details: '{"first_key":1}' }).execute();
    byId = new ReusableQuery(
      db().selectFrom("reusableProbe").select(["id", "shownName", "details"]).where("id", "=", param("id")).compile(),
    );
  });

  it("answers with camel-cased columns, as Kysely's own queries do", async () => {
    const own = await db().selectFrom("reusableProbe").select(["id", "shownName", "details"]).where("id", "=", "a");
    expect(await byId.execute(db(), { id: "a" })).toEqual(await own.execute());
    expect(await byId.execute(db(), { id: "a" })).toEqual([{ id: "a", shownName: "A", details: '{"first_key":1}' }]);
    expect(await byId.execute(db(), { id: "none" })).toEqual([]);
  });

  it("reads inside a transaction what it wrote, and outside only what is committed", async () => {
    let outside: Promise<unknown[]> | undefined;
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("reusableProbe").values({ id: "b", shownName: "B", details: "{}" }).execute();
        expect(await byId.execute<ProbeDatabase>(trx, { id: "b" })).toHaveLength(1);
        // A read from outside while the transaction is open: SQLite's one connection makes it wait for the commit.
        outside = byId.execute(db(), { id: "b" });
        const early = await Promise.race([outside, new Promise((resolve) => setTimeout(() => resolve("open"), 50))]);
        expect(early).toEqual(dialect === "sqlite" ? "open" : []);
      });
    expect(await outside).toEqual(dialect === "sqlite" ? [{ id: "b", shownName: "B", details: "{}" }] : []);
    expect(await byId.execute(db(), { id: "b" })).toHaveLength(1);
  });
});
