import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import { movableClock } from "../../../test/movable-clock";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";

/** Device tokens shaped as the services hand them out. */
const fcmToken = () => `${randomBytes(8).toString("base64url")}:APA91b${randomBytes(110).toString("base64url")}`;
const apnsToken = () => randomBytes(32).toString("hex");

describe.each(dialectsUnderTest())("native push registrations (FCM, APNs) on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const clock = movableClock();
  const t = useTestApp(testDb, { clock: clock.now });

  type Headers = Record<string, string>;
  const call = (method: "POST" | "PATCH" | "DELETE", url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const registrationsOf = (userId: string) =>
    testDb.db.selectFrom("pushRegistrations").selectAll().where("userId", "=", userId).execute();

  it.each([
    ["fcm", fcmToken],
    ["apns", apnsToken],
  ] as const)("creates, re-posts, rotates and deletes a %s registration", async (kind, newToken) => {
    const phone = await createSignedInUser(testDb.db);
    const token = newToken();
    const created = await call("POST", "/api/v1/push/registrations", phone.headers, {
      kind,
      token,
      userAgent: "Quire Android 1.0",
    });
    expect(created.statusCode, created.body).toBe(201);
    const registration = created.json();
    expect(registration).toEqual({
      id: expect.any(String),
      endpoint: token,
      createdAt: expect.any(String),
      updatedAt: registration.createdAt,
    });
    expect(await registrationsOf(phone.user.id)).toMatchObject([
      { kind, endpoint: token, p256dh: "", auth: "", userAgent: "Quire Android 1.0" },
    ]);

    // The app re-posts its token at start-up: still one row, same id.
    clock.advance(1000);
    const again = await call("POST", "/api/v1/push/registrations", phone.headers, { kind, token });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: registration.id, endpoint: token });
    expect(await registrationsOf(phone.user.id)).toHaveLength(1);

    // The service rotated the token: the app replaces it in its registration.
    clock.advance(1000);
    const rotated = newToken();
    const patched = await call("PATCH", `/api/v1/push/registrations/${registration.id}`, phone.headers, {
      kind,
      token: rotated,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ id: registration.id, endpoint: rotated, createdAt: registration.createdAt });
    expect(patched.json().updatedAt > again.json().updatedAt).toBe(true);
    expect(await registrationsOf(phone.user.id)).toMatchObject([
      { kind, endpoint: rotated, userAgent: "Quire Android 1.0" },
    ]);

    const removed = await call("DELETE", `/api/v1/push/registrations/${registration.id}`, phone.headers);
    expect(removed.statusCode).toBe(204);
    expect(await registrationsOf(phone.user.id)).toEqual([]);
  });

  it("rotating to a token the same user already registered keeps one row", async () => {
    const phone = await createSignedInUser(testDb.db);
    const [older, newer] = [apnsToken(), apnsToken()];
    const first = (
      await call("POST", "/api/v1/push/registrations", phone.headers, { kind: "apns", token: older })
    ).json();
    await call("POST", "/api/v1/push/registrations", phone.headers, { kind: "apns", token: newer });

    const patched = await call("PATCH", `/api/v1/push/registrations/${first.id}`, phone.headers, {
      kind: "apns",
      token: newer,
    });
    expect(patched.statusCode).toBe(200);
    expect(await registrationsOf(phone.user.id)).toMatchObject([{ id: first.id, endpoint: newer }]);
  });

  it("moves a token registered by another user to the one signed in now: a token is one phone", async () => {
    const [before, after] = [await createSignedInUser(testDb.db), await createSignedInUser(testDb.db)];
    const token = fcmToken();
    const first = (await call("POST", "/api/v1/push/registrations", before.headers, { kind: "fcm", token })).json();
    const second = await call("POST", "/api/v1/push/registrations", after.headers, { kind: "fcm", token });
    expect(second.json().id).toBe(first.id);
    expect(await registrationsOf(before.user.id)).toEqual([]);
    expect(await registrationsOf(after.user.id)).toMatchObject([{ kind: "fcm", endpoint: token }]);
  });

  it("answers another user's native registration id exactly like a missing one, and changes nothing", async () => {
    const [owner, other] = [await createSignedInUser(testDb.db), await createSignedInUser(testDb.db)];
    const token = apnsToken();
    const { id } = (await call("POST", "/api/v1/push/registrations", owner.headers, { kind: "apns", token })).json();

    const patched = await call("PATCH", `/api/v1/push/registrations/${id}`, other.headers, {
      kind: "apns",
      token: apnsToken(),
    });
    const deleted = await call("DELETE", `/api/v1/push/registrations/${id}`, other.headers);
    for (const response of [patched, deleted]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatchObject({ code: "not-found", message: "Push registration not found." });
    }
    expect(await registrationsOf(owner.user.id)).toMatchObject([{ id, endpoint: token }]);
  });

  it("refuses tokens that are not the kind's, unknown kinds and Web Push fields on a native kind", async () => {
    const phone = await createSignedInUser(testDb.db);
    for (const body of [
      { kind: "apns", token: fcmToken() },
      { kind: "fcm", token: apnsToken() },
      { kind: "apns", token: "" },
      { kind: "hms", token: apnsToken() },
      { kind: "fcm" },
      { kind: "apns", token: apnsToken(), subscription: { endpoint: "https://fcm.googleapis.com/x" } },
    ]) {
      const response = await call("POST", "/api/v1/push/registrations", phone.headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe("invalid-argument");
    }
    expect(await registrationsOf(phone.user.id)).toEqual([]);
  });

  it("needs a session", async () => {
    const response = await call("POST", "/api/v1/push/registrations", {}, { kind: "apns", token: apnsToken() });
    expect(response.statusCode).toBe(401);
  });
});
