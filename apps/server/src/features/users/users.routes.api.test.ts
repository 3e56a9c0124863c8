import { describe, expect, it } from "vitest";
import { createUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

describe.each(dialectsUnderTest())("users API on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);

  it("lists the newest 8 users, newest first, without private fields", async () => {
    const base = Date.parse("2030-01-01T00:00:00.000Z");
    const created = [];
    for (let i = 0; i < 10; i++) {
      created.push(await createUser(testDb.db, { createdAt: new Date(base + i * 60_000).toISOString() }));
    }
    const response = await t.app.inject({ method: "GET", url: "/api/v1/users/recent" });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as Record<string, unknown>[];
    expect(items.map((user) => user.id)).toEqual(
      created
        .slice(2)
        .reverse()
        .map((user) => user.id),
    );
    for (const user of items) {
      expect(user).not.toHaveProperty("email");
      expect(user).not.toHaveProperty("utm");
      expect(user).not.toHaveProperty("acceptedTracking");
      expect(user).toMatchObject({ roles: ["reader"], location: expect.any(String) });
    }
  });

  it("finds a user's public profile by username, and nothing private", async () => {
    const user = await createUser(testDb.db, { firstName: "Wren", description: "Reads in the bath." });
    const response = await t.app.inject({
      method: "GET",
      url: `/api/v1/users/by-username/${user.username.toUpperCase()}`,
    });
    expect(response.statusCode).toBe(200);
    const found = response.json().user;
    expect(found).toMatchObject({
      id: user.id,
      username: user.username,
      firstName: "Wren",
      description: "Reads in the bath.",
    });
    for (const secret of ["email", "utm", "acceptedTracking", "searchUserId", "systemLists"])
      expect(found).not.toHaveProperty(secret);
    const missing = await t.app.inject({ method: "GET", url: "/api/v1/users/by-username/nobody-here" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: "not-found", message: "User not found" } });
  });
});
