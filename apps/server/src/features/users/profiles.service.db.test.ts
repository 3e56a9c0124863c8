import { describe, expect, it } from "vitest";
import { uniqueId } from "../../../test/factories";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { createProfile } from "./profiles.service";

const NOW = new Date("2026-11-21T12:00:00.000Z");

describe.each(dialectsUnderTest())("profile creation on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const input = () => {
    const userId = uniqueId("uid");
    return { userId, email: `${userId}@example.test`, acceptedTerms: true, firstName: "Noor" };
  };

  it("refuses with the spec's messages when the id, the terms or the email is missing", async () => {
    await expect(createProfile(testDb.db, { ...input(), userId: undefined }, NOW)).rejects.toThrow(
      "User UID is required",
    );
    await expect(createProfile(testDb.db, { ...input(), acceptedTerms: false }, NOW)).rejects.toThrow(
      "acceptedTerms must be true",
    );
    await expect(createProfile(testDb.db, { ...input(), email: undefined }, NOW)).rejects.toThrow(
      "Could not create user. User's email seems to be missing.",
    );
  });

  it("creates a reader with a generated unique username, and never recreates an existing profile", async () => {
    const first = input();
    expect(await createProfile(testDb.db, first, NOW)).toEqual({ created: true });
    const row = await testDb.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", first.userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      roles: '["reader"]',
      firstName: "Noor",
      location: "",
      emailVerified: 0,
      createdAt: NOW.toISOString(),
    });
    expect(row.username).toMatch(/^uid[a-z0-9]*_[a-z0-9]{5}$/);

    const again = await createProfile(testDb.db, { ...first, firstName: "Changed" }, new Date());
    expect(again).toEqual({ created: false });
    const unchanged = await testDb.db
      .selectFrom("users")
      .select(["firstName", "createdAt"])
      .where("id", "=", first.userId)
      .executeTakeFirstOrThrow();
    expect(unchanged).toEqual({ firstName: "Noor", createdAt: NOW.toISOString() });
  });

  it("gives two people with the same email prefix different usernames", async () => {
    const names = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const userId = uniqueId("twin");
      await createProfile(testDb.db, { userId, email: `twin@${userId}.example`, acceptedTerms: true }, NOW);
      const row = await testDb.db
        .selectFrom("users")
        .select("username")
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
      names.add(row.username);
    }
    expect(names.size).toBe(5);
  });
});
