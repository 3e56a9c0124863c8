import { describe, expect, it } from "vitest";
import { createUser } from "../../../test/factories";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { up } from "./2026-11-26-03-no-default-location";

describe.each(dialectsUnderTest())("migration 2026-11-26-03-no-default-location on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);

  it("unsets the placeholder city and keeps every place a user chose", async () => {
    const db = testDb.db;
    const placeholder = await createUser(db, { location: "Bookham" });
    const chosen = await createUser(db, { location: "Bookham, Surrey" });
    const elsewhere = await createUser(db, { location: "Lisbon" });
    const unset = await createUser(db, { location: "" });

    await up(db as never, dialect);
    await up(db as never, dialect);

    const ids = [placeholder.id, chosen.id, elsewhere.id, unset.id];
    const rows = await db.selectFrom("users").select(["id", "location"]).where("id", "in", ids).execute();
    expect(Object.fromEntries(rows.map((row) => [row.id, row.location]))).toEqual({
      [placeholder.id]: "",
      [chosen.id]: "Bookham, Surrey",
      [elsewhere.id]: "Lisbon",
      [unset.id]: "",
    });
  });
});
