import { describe, expect, it } from "vitest";
import { createUser, uniqueId } from "../../../test/factories";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { profilesRepository } from "./profiles.repository";

describe.each(dialectsUnderTest())("crediting a referrer on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const user = () => createUser(testDb.db, { username: uniqueId("ref").replace("-", "_") });
  const referral = (id: string) =>
    testDb.db
      .selectFrom("users")
      .select(["nReferredUsers", "referredBy"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("credits no self-referral and never the same user twice, not even to another referrer", async () => {
    const referrer = await user();
    const other = await user();
    const invited = await user();
    await testDb.db.transaction().execute(async (trx) => {
      await profilesRepository.creditReferrer(trx, referrer.id, referrer.username);
      await profilesRepository.creditReferrer(trx, invited.id, referrer.username);
      await profilesRepository.creditReferrer(trx, invited.id, referrer.username);
      await profilesRepository.creditReferrer(trx, invited.id, other.username);
    });
    expect(await referral(referrer.id)).toEqual({ nReferredUsers: 1, referredBy: null });
    expect(await referral(other.id)).toEqual({ nReferredUsers: 0, referredBy: null });
    expect((await referral(invited.id)).referredBy).toBe(referrer.id);
  });
});
