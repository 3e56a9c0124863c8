import {
  STAR_SCORE_DELTA,
  STAR_SCORE_FLOOR,
  USER_SCORE_BOOK_FINISHED,
  USER_SCORE_BOOK_STARRED,
  USER_SCORE_FOLLOWED,
} from "@quire/core";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { afterEach, describe, expect, it } from "vitest";
import { createBook, createUser, uniqueId } from "../../../test/factories";
import { extractLinks, useTestSmtpServer } from "../../../test/smtp";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { toJson } from "../../db/json";

const PASSWORD = "correct horse battery";
const HOUR_MS = 60 * 60 * 1000;

describe.each(dialectsUnderTest())("account deletion API on %s", (dialect) => {
  const smtp = useTestSmtpServer();
  const testDb = useTestDatabase(dialect);
  /** The app's clock runs this far ahead of the wall clock (ALTCHA keeps the wall clock: see altcha.ts). */
  let clockOffsetMs = 0;
  const t = useTestApp(testDb, {
    clock: () => new Date(Date.now() + clockOffsetMs),
    env: () => ({ SMTP_URL: smtp.server.url, QUIRE_AUTH_PER_IP_PER_MINUTE: "1000" }),
    // On, as in production: a deleted reader's profile must not outlive the account in the shared cache.
    publicCacheTtlMs: 60_000,
  });
  afterEach(() => {
    clockOffsetMs = 0;
  });

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, payload, headers: { host: "localhost", ...headers } });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers: { host: "localhost", ...headers } });

  /** A verified, signed-in account made through the real sign-up flow; `cookie` is its session. */
  const signedInAccount = async () => {
    const email = `${uniqueId("leaver")}@example.test`;
    const signUp = await post("/api/auth/sign-up/email", {
      email,
      password: PASSWORD,
      firstName: "Ada",
      acceptedTerms: true,
    });
    expect(signUp.statusCode).toBe(201);
    const mail = await smtp.server.waitForMail(email, (m) => m.text.includes("mode=verifyEmail"));
    const verifyLink = new URL(extractLinks(mail.text).find((l) => l.includes("mode=verifyEmail")) as string);
    expect((await post("/api/auth/verify-email", { token: verifyLink.searchParams.get("token") })).statusCode).toBe(
      200,
    );
    const signIn = await post("/api/auth/sign-in/email", { email, password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
    await smtp.server.waitForMail(email, (m) => /welcome/i.test(m.subject));
    const cookie = `quire_session=${signIn.cookies.find((c) => c.name === "quire_session")?.value}`;
    return { email, userId: signIn.json().user.id as string, cookie };
  };

  /** Asks for deletion and returns the token from the emailed link. */
  const requestDeletion = async (account: { email: string; cookie: string }) => {
    const response = await post("/api/v1/account-deletion", undefined, { cookie: account.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const mail = await smtp.server.waitForMail(
      account.email,
      (m) => m.subject === "Confirm your Quire account deletion",
    );
    const link = new URL(extractLinks(mail.text).find((l) => l.includes("/account/delete")) as string);
    expect(link.pathname).toBe("/account/delete");
    return link.searchParams.get("token") as string;
  };

  /** Solves the server's real ALTCHA challenge as the widget does, and encodes the answer as the widget sends it. */
  const solvedCaptcha = async () => {
    const response = await get("/api/v1/captcha/challenge");
    expect(response.statusCode).toBe(200);
    const { kind, challenge } = response.json();
    expect(kind).toBe("altcha");
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  };

  const confirm = async (token: string, captcha?: string, headers: Record<string, string> = {}) =>
    post("/api/v1/account-deletion/confirm", { token, captcha: captcha ?? (await solvedCaptcha()) }, headers);

  const requestRow = (userId: string) =>
    testDb.db.selectFrom("accountDeletionRequests").selectAll().where("userId", "=", userId).executeTakeFirst();
  const userExists = async (userId: string) =>
    (await testDb.db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst()) !== undefined;

  it("takes the deleted reader's profile out of the public read cache at once", async () => {
    const account = await signedInAccount();
    const username = uniqueId("leaving")
      .replace(/[^a-z0-9]/g, "")
      .slice(0, 20);
    await testDb.db.updateTable("users").set({ username }).where("id", "=", account.userId).execute();
    const profile = `/api/v1/users/by-username/${username}`;
    expect((await get(profile)).statusCode).toBe(200);
    expect((await get(profile)).headers["x-quire-cache"]).toBe("hit");
    expect((await confirm(await requestDeletion(account))).statusCode).toBe(200);
    expect((await get(profile)).statusCode).toBe(404);
  });

  it("refuses a visitor with the catalogue's not-logged-in error", async () => {
    const response = await post("/api/v1/account-deletion");
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({
      code: "unauthenticated",
      message: "Please login!",
      reason: "not_logged_in",
    });
  });

  it("stores a pending request for 24 hours with only the token's hash, and mails the link", async () => {
    const account = await signedInAccount();
    const before = Date.now();
    const response = await post("/api/v1/account-deletion", undefined, { cookie: account.cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: "email-sent", email: account.email });
    const mail = await smtp.server.waitForMail(
      account.email,
      (m) => m.subject === "Confirm your Quire account deletion",
    );
    expect(mail.text).toContain("confirm within 24 hours");
    const token = new URL(
      extractLinks(mail.text).find((l) => l.includes("/account/delete")) as string,
    ).searchParams.get("token");
    expect(token?.length).toBeGreaterThanOrEqual(40);
    const row = await requestRow(account.userId);
    expect(row).toMatchObject({ status: "pending", email: account.email, expiresAt: body.expiresAt });
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    const validFor = Date.parse(body.expiresAt) - before;
    expect(validFor).toBeGreaterThanOrEqual(24 * HOUR_MS);
    expect(validFor).toBeLessThan(24 * HOUR_MS + 60_000);
  });

  it("refuses a second request while one is pending, with the spec's message", async () => {
    const account = await signedInAccount();
    await requestDeletion(account);
    const again = await post("/api/v1/account-deletion", undefined, { cookie: account.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: "already-exists",
      message: "A pending deletion request already exists for this account",
    });
  });

  it("refuses an expired request at confirmation, and overwrites it with a new one", async () => {
    const account = await signedInAccount();
    const oldToken = await requestDeletion(account);
    clockOffsetMs = 24 * HOUR_MS + 60_000;
    const expired = await confirm(oldToken);
    expect(expired.statusCode).toBe(412);
    expect(expired.json().error).toEqual({ code: "failed-precondition", message: "Account deletion request expired" });
    expect(await userExists(account.userId)).toBe(true);

    const newToken = await requestDeletion(account);
    expect(newToken).not.toBe(oldToken);
    expect(await requestRow(account.userId)).toMatchObject({ status: "pending" });
    const stale = await confirm(oldToken);
    expect(stale.statusCode).toBe(404);
    expect(stale.json().error).toEqual({ code: "not-found", message: "No deletion request found" });
    expect((await confirm(newToken)).statusCode).toBe(200);
    expect(await userExists(account.userId)).toBe(false);
  });

  it("refuses a missing or forged captcha and deletes nothing", async () => {
    const account = await signedInAccount();
    const token = await requestDeletion(account);
    const forged = Buffer.from(
      JSON.stringify({ challenge: { parameters: {}, signature: "00" }, solution: { counter: 1, derivedKey: "00" } }),
    ).toString("base64");
    for (const captcha of ["not-a-captcha", forged]) {
      const response = await confirm(token, captcha);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({ code: "permission-denied", message: "Unable to validate recaptcha" });
    }
    expect(await userExists(account.userId)).toBe(true);
    expect(await requestRow(account.userId)).toMatchObject({ status: "pending" });
    expect((await get("/api/v1/me", { cookie: account.cookie })).statusCode).toBe(200);
  });

  it("accepts a solved captcha once: a replay is refused", async () => {
    const first = await signedInAccount();
    const second = await signedInAccount();
    const captcha = await solvedCaptcha();
    expect((await confirm(await requestDeletion(first), captcha)).statusCode).toBe(200);
    const replay = await confirm(await requestDeletion(second), captcha);
    expect(replay.statusCode).toBe(403);
    expect(replay.json().error.message).toBe("Unable to validate recaptcha");
    expect(await userExists(second.userId)).toBe(true);
  });

  it("deletes everything of the user, corrects every counter they fed, and confirms by email", async () => {
    const leaver = await signedInAccount();
    const db = testDb.db;
    const reader = await createUser(db);
    const author = await createUser(db, { roles: toJson(["reader", "author"]) });
    await db.insertInto("authors").values({ id: author.id, name: "Author", nReaders: 0 }).execute();
    const b1 = await createBook(db);
    const b2 = await createBook(db);
    const b3 = await createBook(db);
    const at = new Date().toISOString();
    await db
      .insertInto("bookAuthors")
      .values([
        { bookId: b1.id, authorId: author.id, position: 1 },
        { bookId: b2.id, authorId: author.id, position: 1 },
      ])
      .execute();
    await db
      .insertInto("stars")
      .values([
        { userId: leaver.userId, bookId: b1.id, updatedAt: at },
        { userId: leaver.userId, bookId: b2.id, updatedAt: at },
        { userId: reader.id, bookId: b1.id, updatedAt: at },
      ])
      .execute();
    const progress = (userId: string, bookId: string, isRead: 0 | 1) => ({
      userId,
      bookId,
      progress: isRead ? 100 : 40,
      currentChapter: "chapter-1",
      lastReadAt: at,
      isRead,
      epubPosition: null,
    });
    await db
      .insertInto("readingProgress")
      .values([
        progress(leaver.userId, b1.id, 0),
        progress(leaver.userId, b2.id, 1),
        progress(reader.id, b1.id, 1),
        progress(reader.id, b3.id, 0),
      ])
      .execute();
    await db
      .insertInto("chapterProgress")
      .values({
        userId: leaver.userId,
        bookId: b1.id,
        anchorId: "chapter-1",
        progress: 40,
        isRead: 0,
        lastReadAt: at,
        epubPosition: null,
      })
      .execute();
    await db
      .insertInto("listEntries")
      .values([
        { userId: leaver.userId, bookId: b1.id, list: "reading", addedAt: at },
        { userId: leaver.userId, bookId: b2.id, list: "finished", addedAt: at },
        { userId: reader.id, bookId: b3.id, list: "reading", addedAt: at },
      ])
      .execute();
    const follow = (followerId: string, followeeId: string) => ({
      followerId,
      followeeId,
      createdAt: at,
      updatedAt: at,
    });
    await db
      .insertInto("follows")
      .values([
        follow(leaver.userId, reader.id),
        follow(leaver.userId, author.id),
        follow(reader.id, leaver.userId),
        follow(author.id, reader.id),
      ])
      .execute();
    await db
      .insertInto("launchSubscriptions")
      .values({ bookId: b3.id, userId: leaver.userId, createdAt: at })
      .execute();
    await db
      .insertInto("socialAccounts")
      .values({
        provider: "google",
        subject: uniqueId("sub"),
        userId: leaver.userId,
        email: leaver.email,
        createdAt: at,
      })
      .execute();
    // Push registrations (with what is queued for them) and notification preferences go by foreign-key cascade.
    const registrationId = uniqueId("push");
    await db
      .insertInto("pushRegistrations")
      .values({
        id: registrationId,
        userId: leaver.userId,
        endpoint: `https://push.example/${registrationId}`,
        p256dh: "key",
        auth: "secret",
        userAgent: null,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    await db
      .insertInto("pushDeliveries")
      .values({
        id: uniqueId("delivery"),
        notificationId: uniqueId("notification"),
        registrationId,
        payload: "{}",
        urgency: "normal",
        nextAttemptAt: at,
        createdAt: at,
      })
      .execute();
    await db
      .insertInto("notificationPreferences")
      .values({ userId: leaver.userId, eventType: "read book", inApp: 0, push: 1, updatedAt: at })
      .execute();
    const event = (targetUserId: string | null, triggeredByUserId: string) => ({
      id: uniqueId("event"),
      eventType: "read book",
      priority: "low",
      targetUserId,
      triggeredByUserId,
      triggeredByUserName: "someone",
      targetResourceId: b1.id,
      targetResourceType: "book",
      targetResourceName: "A book",
      processed: 0 as const,
      createdAt: at,
    });
    await db
      .insertInto("userEvents")
      .values([event(leaver.userId, reader.id), event(null, leaver.userId), event(author.id, reader.id)])
      .execute();
    // Counters as the seed derives them from the rows above.
    const setBook = (id: string, nUserStarred: number, nCurrentReads: number, nFinishedReads: number) =>
      db.updateTable("books").set({ nUserStarred, nCurrentReads, nFinishedReads }).where("id", "=", id).execute();
    await setBook(b1.id, 2, 1, 1);
    await setBook(b2.id, 1, 0, 1);
    await setBook(b3.id, 0, 1, 0);
    const setFollows = (id: string, nFollowing: number, nFollowers: number) =>
      db.updateTable("users").set({ nFollowing, nFollowers }).where("id", "=", id).execute();
    await setFollows(leaver.userId, 2, 1);
    await setFollows(reader.id, 1, 2);
    await setFollows(author.id, 1, 1);
    await db.updateTable("authors").set({ nReaders: 2 }).where("id", "=", author.id).execute();
    // Scores as the writes would have moved them: the author's book starred twice by the leaver (b1, b2) and
    // once by the reader, finished by each once; the reader and the author followed by the leaver.
    const setScore = (table: "users" | "books", id: string, interactionScore: number) =>
      db.updateTable(table).set({ interactionScore }).where("id", "=", id).execute();
    await setScore("users", author.id, 100);
    await setScore("users", reader.id, 50);
    await setScore("books", b1.id, 2 * STAR_SCORE_DELTA);
    await setScore("books", b2.id, 2);
    const storage = t.ctx.storage;
    const png = new Uint8Array([137, 80, 78, 71]);
    await storage.put(`users-avatars/${leaver.userId}/1-me.png`, png, "image/png");
    await storage.put(`users-covers/${leaver.userId}/1-cover.png`, png, "image/png");
    await storage.put(`users-avatars/${reader.id}/1-them.png`, png, "image/png");
    const otherSession = await post("/api/auth/sign-in/email", { email: leaver.email, password: PASSWORD });
    const otherCookie = `quire_session=${otherSession.cookies.find((c) => c.name === "quire_session")?.value}`;

    const token = await requestDeletion(leaver);
    const response = await confirm(token, undefined, { cookie: leaver.cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: "deleted" });
    expect(response.cookies.find((c) => c.name === "quire_session")?.value).toBe("");

    const byUser = async (table: "credentials" | "sessions" | "emailTokens" | "socialAccounts" | "stars") =>
      db.selectFrom(table).select("userId").where("userId", "=", leaver.userId).execute();
    for (const table of ["credentials", "sessions", "emailTokens", "socialAccounts", "stars"] as const) {
      expect(await byUser(table), table).toEqual([]);
    }
    for (const table of [
      "readingProgress",
      "chapterProgress",
      "listEntries",
      "launchSubscriptions",
      "pushRegistrations",
      "notificationPreferences",
    ] as const) {
      const rows = await db.selectFrom(table).select("userId").where("userId", "=", leaver.userId).execute();
      expect(rows, table).toEqual([]);
    }
    expect(
      await db.selectFrom("pushDeliveries").select("id").where("registrationId", "=", registrationId).execute(),
    ).toEqual([]);
    expect(await userExists(leaver.userId)).toBe(false);
    const follows = await db
      .selectFrom("follows")
      .select(["followerId", "followeeId"])
      .where((eb) => eb.or([eb("followerId", "=", leaver.userId), eb("followeeId", "=", leaver.userId)]))
      .execute();
    expect(follows).toEqual([]);
    const events = await db
      .selectFrom("userEvents")
      .select(["targetUserId", "triggeredByUserId"])
      .where((eb) =>
        eb.or([eb("targetUserId", "in", [leaver.userId, author.id]), eb("triggeredByUserId", "=", leaver.userId)]),
      )
      .execute();
    expect(events).toEqual([{ targetUserId: author.id, triggeredByUserId: reader.id }]);

    const books = await db
      .selectFrom("books")
      .select(["id", "nUserStarred", "nCurrentReads", "nFinishedReads"])
      .where("id", "in", [b1.id, b2.id, b3.id])
      .orderBy("id")
      .execute();
    expect(books).toEqual(
      [
        { id: b1.id, nUserStarred: 1, nCurrentReads: 0, nFinishedReads: 1 },
        { id: b2.id, nUserStarred: 0, nCurrentReads: 0, nFinishedReads: 0 },
        { id: b3.id, nUserStarred: 0, nCurrentReads: 1, nFinishedReads: 0 },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
    const people = await db
      .selectFrom("users")
      .select(["id", "nFollowing", "nFollowers"])
      .where("id", "in", [reader.id, author.id])
      .execute();
    expect(Object.fromEntries(people.map((p) => [p.id, [p.nFollowing, p.nFollowers]]))).toEqual({
      [reader.id]: [0, 1],
      [author.id]: [1, 0],
    });
    const authorRow = await db.selectFrom("authors").select("nReaders").where("id", "=", author.id).executeTakeFirst();
    expect(authorRow?.nReaders).toBe(1);
    const scores = await db
      .selectFrom("users")
      .select(["id", "interactionScore"])
      .where("id", "in", [reader.id, author.id])
      .execute();
    expect(Object.fromEntries(scores.map((p) => [p.id, p.interactionScore]))).toEqual({
      [author.id]: 100 - 2 * USER_SCORE_BOOK_STARRED - USER_SCORE_BOOK_FINISHED - USER_SCORE_FOLLOWED,
      [reader.id]: 50 - USER_SCORE_FOLLOWED,
    });
    const bookScores = await db
      .selectFrom("books")
      .select(["id", "interactionScore"])
      .where("id", "in", [b1.id, b2.id])
      .execute();
    // b2's score was below one star's worth: it stops at the floor.
    expect(Object.fromEntries(bookScores.map((b) => [b.id, b.interactionScore]))).toEqual({
      [b1.id]: STAR_SCORE_DELTA,
      [b2.id]: STAR_SCORE_FLOOR,
    });
    // Others' rows are untouched.
    expect(await db.selectFrom("listEntries").select("bookId").where("userId", "=", reader.id).execute()).toEqual([
      { bookId: b3.id },
    ]);

    expect(await storage.exists(`users-avatars/${leaver.userId}/1-me.png`)).toBe(false);
    expect(await storage.exists(`users-covers/${leaver.userId}/1-cover.png`)).toBe(false);
    expect(await storage.exists(`users-avatars/${reader.id}/1-them.png`)).toBe(true);

    expect(await requestRow(leaver.userId)).toMatchObject({ status: "used", email: leaver.email });
    const goodbye = await smtp.server.waitForMail(
      leaver.email,
      (m) => m.subject === "Your Quire account has been deleted",
    );
    expect(goodbye.text).toContain("Hi Ada,");

    for (const cookie of [leaver.cookie, otherCookie]) {
      const me = await get("/api/v1/me", { cookie });
      expect(me.statusCode).toBe(401);
      expect((await post("/api/v1/account-deletion", undefined, { cookie })).statusCode).toBe(401);
    }
    const signIn = await post("/api/auth/sign-in/email", { email: leaver.email, password: PASSWORD });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().error).toEqual({ code: "unauthenticated", message: "Incorrect email or password." });

    const reused = await confirm(token);
    expect(reused.statusCode).toBe(404);
    expect(reused.json().error).toEqual({ code: "not-found", message: "No deletion request found" });
  });

  it("lets the token alone decide: another user's token deletes that user, never the one signed in", async () => {
    const a = await signedInAccount();
    const b = await signedInAccount();
    await requestDeletion(a);
    const bToken = await requestDeletion(b);
    const response = await confirm(bToken, undefined, { cookie: a.cookie });
    expect(response.statusCode).toBe(200);
    // A's session stays: the cookie is only cleared for the account that went.
    expect(response.cookies.find((c) => c.name === "quire_session")).toBeUndefined();
    expect(await userExists(b.userId)).toBe(false);
    expect(await userExists(a.userId)).toBe(true);
    expect(await requestRow(a.userId)).toMatchObject({ status: "pending" });
    expect((await get("/api/v1/me", { cookie: a.cookie })).statusCode).toBe(200);
    const unknown = await confirm("x".repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("No deletion request found");
  });
});
