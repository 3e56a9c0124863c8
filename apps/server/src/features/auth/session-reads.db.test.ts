import { describe, expect, it } from "vitest";
import { createSignedInUser, createUser } from "../../../test/factories";
import { recordStatements } from "../../../test/statements-sent";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { AuthRepository } from "./auth.repository";
import { hashToken, newSecretToken } from "./secrets";

/** Every signed-in API request reads its session; those asked for at once share one statement (db/batched-point-reads.ts). */
describe.each(dialectsUnderTest())("session reads at the same time on %s", (dialect) => {
  const sent = recordStatements();
  const testDb = useTestDatabase(dialect);

  it("answers live, expired and unknown sessions read at once each with its own answer, in one statement", async () => {
    const repository = new AuthRepository(testDb.db);
    const [first, second] = [await createSignedInUser(testDb.db), await createSignedInUser(testDb.db)];
    const lapsed = newSecretToken();
    const owner = await createUser(testDb.db);
    const earlier = new Date(Date.now() - 60_000).toISOString();
    await testDb.db
      .insertInto("sessions")
      .values({
        idHash: hashToken(lapsed),
        userId: owner.id,
        createdAt: earlier,
        lastUsedAt: earlier,
        expiresAt: earlier,
      })
      .execute();
    const now = new Date().toISOString();
    const tokens = [first.token, lapsed, second.token, newSecretToken(), first.token];

    sent.length = 0;
    const found = await Promise.all(tokens.map((token) => repository.findLiveSession(hashToken(token), now)));
    expect(found.map((session) => session?.userId)).toEqual([
      first.user.id,
      undefined,
      second.user.id,
      undefined,
      first.user.id,
    ]);
    expect(sent, sent.join("\n")).toHaveLength(1);
    // Read alone, by the single-row statement: the lapsed session was live a second before it lapsed.
    sent.length = 0;
    expect(await repository.findLiveSession(hashToken(lapsed), now)).toBeUndefined();
    const before = new Date(Date.parse(earlier) - 1000).toISOString();
    expect((await repository.findLiveSession(hashToken(lapsed), before))?.userId).toBe(owner.id);
    expect(sent).toHaveLength(2);
  });
});
