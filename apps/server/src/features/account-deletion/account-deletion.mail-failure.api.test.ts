import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { describe, expect, it } from "vitest";
import { createUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { hashToken, newSecretToken } from "../auth/secrets";

/** Port 1 on loopback refuses connections: every email fails at once. */
const UNREACHABLE_SMTP = "smtp://127.0.0.1:1";

describe.each(dialectsUnderTest())("account deletion without a working mail server on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb, { env: () => ({ SMTP_URL: UNREACHABLE_SMTP }) });

  const signedInUser = async () => {
    const user = await createUser(testDb.db);
    const token = newSecretToken();
    const now = new Date();
    await testDb.db
      .insertInto("sessions")
      .values({
        idHash: hashToken(token),
        userId: user.id,
        createdAt: now.toISOString(),
        lastUsedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
        userAgent: null,
      })
      .execute();
    return { user, cookie: `quire_session=${token}` };
  };

  it("says the request could not be sent, and leaves nothing pending so the user can retry", async () => {
    const { user, cookie } = await signedInUser();
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/v1/account-deletion",
        headers: { host: "localhost", cookie },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toEqual({
        code: "unavailable",
        message: "Unable to send account deletion request. Please try again.",
      });
      const rows = await testDb.db
        .selectFrom("accountDeletionRequests")
        .select("status")
        .where("userId", "=", user.id)
        .execute();
      expect(rows).toEqual([]);
    }
  });

  it("deletes the account even when the confirmation email cannot be sent", async () => {
    const { user } = await signedInUser();
    const token = newSecretToken();
    const now = new Date();
    await testDb.db
      .insertInto("accountDeletionRequests")
      .values({
        userId: user.id,
        tokenHash: hashToken(token),
        email: user.email,
        status: "pending",
        expiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
        updatedAt: now.toISOString(),
      })
      .execute();
    const { challenge } = (await t.app.inject({ method: "GET", url: "/api/v1/captcha/challenge" })).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/account-deletion/confirm",
      headers: { host: "localhost" },
      payload: { token, captcha },
    });
    expect(response.statusCode).toBe(200);
    expect(await testDb.db.selectFrom("users").select("id").where("id", "=", user.id).executeTakeFirst()).toBe(
      undefined,
    );
  });
});
