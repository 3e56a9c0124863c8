import { describe, expect, it } from "vitest";
import { createSignedInUser, createUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { HOUSE_ACCOUNT_USERNAMES } from "../../seed/house-accounts";

describe.each(dialectsUnderTest())("house accounts on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  // No QUIRE_SUGGESTIONS_EXCLUDE: the default is what is tested.
  const t = useTestApp(testDb);

  it("are never suggested by default, however high they score", async () => {
    const base = 1e9;
    const me = await createSignedInUser(testDb.db);
    for (const username of HOUSE_ACCOUNT_USERNAMES) {
      await createUser(testDb.db, { username, interactionScore: base + 100 });
    }
    const reader = await createUser(testDb.db, { interactionScore: base });
    const response = await t.app.inject({ method: "GET", url: "/api/v1/users/suggested", headers: me.headers });
    expect(response.statusCode).toBe(200);
    const usernames = response.json().items.map((user: { username: string }) => user.username);
    expect(usernames[0]).toBe(reader.username);
    for (const house of HOUSE_ACCOUNT_USERNAMES) expect(usernames).not.toContain(house);
  });
});
