import { describe, expect, it } from "vitest";
import { createUser, uniqueId } from "../../../test/factories";
import { useTestSmtpServer } from "../../../test/smtp";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

describe.each(dialectsUnderTest())("invite links on %s", (dialect) => {
  const smtp = useTestSmtpServer();
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb, { env: () => ({ SMTP_URL: smtp.server.url }) });

  const refCookieFrom = async (url: string) => {
    const response = await t.app.inject({ method: "GET", url, headers: { host: "localhost" } });
    return response.cookies.find((c) => c.name === "quire_ref");
  };
  const signUp = async (cookieHeader: string, email = `${uniqueId("invited")}@example.test`) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { host: "localhost", cookie: cookieHeader },
      payload: { email, password: "a long password", acceptedTerms: true },
    });
    expect(response.statusCode).toBe(201);
    return testDb.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
  };
  // Factory usernames hold a hyphen, which invite links refuse.
  const linkName = (prefix: string) => uniqueId(prefix).replace("-", "_");
  const user = () => createUser(testDb.db, { username: linkName("ref") });
  const referredCount = async (id: string) =>
    (await testDb.db.selectFrom("users").select("nReferredUsers").where("id", "=", id).executeTakeFirstOrThrow())
      .nReferredUsers;

  it("keeps ?ref in a 30-day Lax cookie, and only a username-shaped one", async () => {
    expect(await refCookieFrom("/?ref=Ada.Reader")).toMatchObject({
      value: "ada.reader",
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
      maxAge: 30 * 24 * 60 * 60,
    });
    expect(await refCookieFrom("/?ref=../admin")).toBeUndefined();
    expect(await refCookieFrom("/api/v1/genres?ref=ada.reader")).toBeUndefined();
  });

  it("counts an email sign-up through an invite link once for the referrer, and records who referred", async () => {
    const referrer = await user();
    const cookie = await refCookieFrom(`/?ref=${referrer.username}`);
    const invited = await signUp(`quire_ref=${cookie?.value}`);
    expect(invited.referredBy).toBe(referrer.id);
    expect(await referredCount(referrer.id)).toBe(1);

    // The same address signing up again creates nothing, so counts nothing.
    await signUp(`quire_ref=${cookie?.value}`, invited.email);
    expect(await referredCount(referrer.id)).toBe(1);
  });

  it("ignores an unknown or deleted referrer", async () => {
    const unknown = await signUp(`quire_ref=${linkName("nobody")}`);
    expect(unknown.referredBy).toBeNull();

    const gone = await user();
    await testDb.db.deleteFrom("users").where("id", "=", gone.id).execute();
    const afterDeletion = await signUp(`quire_ref=${gone.username}`);
    expect(afterDeletion.referredBy).toBeNull();
  });
});
