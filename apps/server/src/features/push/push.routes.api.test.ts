import { USER_EVENT_TYPES } from "@quire/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import { movableClock } from "../../../test/movable-clock";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { TestPushService } from "../../../test/test-push-service";

describe.each(dialectsUnderTest())("push registrations and notification preferences on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  let service: TestPushService;
  beforeAll(async () => {
    service = await TestPushService.start();
  });
  afterAll(async () => service.close());
  const clock = movableClock();
  const t = useTestApp(testDb, { clock: clock.now, env: () => service.env() });

  type Headers = Record<string, string>;
  const call = (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const vapidKey = async () => (await call("GET", "/api/v1/push/vapid-public-key", {})).json().publicKey as string;
  const subscription = async () => service.subscribe(await vapidKey());
  const registrationsOf = (userId: string) =>
    testDb.db.selectFrom("pushRegistrations").selectAll().where("userId", "=", userId).execute();

  it("serves the VAPID public key to anyone: an uncompressed P-256 point", async () => {
    const response = await call("GET", "/api/v1/push/vapid-public-key", {});
    expect(response.statusCode).toBe(200);
    expect(Buffer.from(response.json().publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(response.json().publicKey, "base64url")[0]).toBe(4);
  });

  it("creates, re-registers, updates and deletes a registration", async () => {
    const reader = await createSignedInUser(testDb.db);
    const first = await subscription();
    const created = await call("POST", "/api/v1/push/registrations", reader.headers, {
      subscription: first,
      userAgent: "Firefox 140",
    });
    expect(created.statusCode, created.body).toBe(201);
    const registration = created.json();
    expect(registration).toEqual({
      id: expect.any(String),
      endpoint: first.endpoint,
      createdAt: expect.any(String),
      updatedAt: registration.createdAt,
    });
    expect(await registrationsOf(reader.user.id)).toMatchObject([
      { endpoint: first.endpoint, p256dh: first.keys.p256dh, auth: first.keys.auth, userAgent: "Firefox 140" },
    ]);

    // The same browser registering again (new keys) keeps its one row.
    const renewed = { ...first, keys: (await subscription()).keys };
    const again = await call("POST", "/api/v1/push/registrations", reader.headers, { subscription: renewed });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(registration.id);
    expect(await registrationsOf(reader.user.id)).toMatchObject([{ p256dh: renewed.keys.p256dh }]);

    clock.advance(1000);
    const moved = await subscription();
    const patched = await call("PATCH", `/api/v1/push/registrations/${registration.id}`, reader.headers, {
      subscription: moved,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ id: registration.id, endpoint: moved.endpoint });
    expect(patched.json().updatedAt > registration.updatedAt).toBe(true);
    expect(await registrationsOf(reader.user.id)).toMatchObject([
      { endpoint: moved.endpoint, p256dh: moved.keys.p256dh, auth: moved.keys.auth, userAgent: "Firefox 140" },
    ]);

    const deleted = await call("DELETE", `/api/v1/push/registrations/${registration.id}`, reader.headers);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
    expect(await registrationsOf(reader.user.id)).toEqual([]);
    const twice = await call("DELETE", `/api/v1/push/registrations/${registration.id}`, reader.headers);
    expect(twice.statusCode).toBe(404);
  });

  it("moves an endpoint registered by another user to that user: an endpoint is one browser", async () => {
    const before = await createSignedInUser(testDb.db);
    const after = await createSignedInUser(testDb.db);
    const shared = await subscription();
    const first = (await call("POST", "/api/v1/push/registrations", before.headers, { subscription: shared })).json();
    const second = await call("POST", "/api/v1/push/registrations", after.headers, { subscription: shared });
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.id);
    expect(await registrationsOf(before.user.id)).toEqual([]);
    expect(await registrationsOf(after.user.id)).toMatchObject([{ endpoint: shared.endpoint }]);
  });

  it("answers another user's registration id exactly like a missing one, and changes nothing", async () => {
    const owner = await createSignedInUser(testDb.db);
    const other = await createSignedInUser(testDb.db);
    const mine = await subscription();
    const { id } = (await call("POST", "/api/v1/push/registrations", owner.headers, { subscription: mine })).json();
    for (const [method, payload] of [
      ["PATCH", { subscription: await subscription() }],
      ["DELETE", undefined],
    ] as const) {
      for (const target of [id, "no-such-registration"]) {
        const response = await call(method, `/api/v1/push/registrations/${target}`, other.headers, payload);
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toMatchObject({ code: "not-found", message: "Push registration not found." });
      }
    }
    expect(await registrationsOf(owner.user.id)).toMatchObject([{ id, endpoint: mine.endpoint }]);
  });

  it("refuses invalid subscriptions with the failing field", async () => {
    const reader = await createSignedInUser(testDb.db);
    const valid = await subscription();
    const invalid = [
      { ...valid, endpoint: valid.endpoint.replace("https:", "http:") },
      { ...valid, endpoint: "not a url" },
      { ...valid, keys: { ...valid.keys, p256dh: "short" } },
      { ...valid, keys: { ...valid.keys, auth: "not base64url!!!!!!" } },
      { endpoint: valid.endpoint },
    ];
    for (const body of invalid) {
      const response = await call("POST", "/api/v1/push/registrations", reader.headers, { subscription: body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe("invalid-argument");
    }
    const extra = await call("POST", "/api/v1/push/registrations", reader.headers, { subscription: valid, admin: 1 });
    expect(extra.statusCode).toBe(400);
    expect(await registrationsOf(reader.user.id)).toEqual([]);
  });

  it("needs a session for everything but the public key", async () => {
    const body = { subscription: await subscription() };
    const requests = [
      call("POST", "/api/v1/push/registrations", {}, body),
      call("PATCH", "/api/v1/push/registrations/some-id", {}, body),
      call("DELETE", "/api/v1/push/registrations/some-id", {}),
      call("GET", "/api/v1/me/notification-preferences", {}),
      call("PUT", "/api/v1/me/notification-preferences", {}, { preferences: [] }),
    ];
    for (const response of await Promise.all(requests)) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe("No user logged in.");
    }
  });

  it("limits registration writes per user", async () => {
    const busy = await createSignedInUser(testDb.db);
    const calm = await createSignedInUser(testDb.db);
    const body = { subscription: await subscription() };
    const statuses = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await call("POST", "/api/v1/push/registrations", busy.headers, body)).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
    const limited = await call("POST", "/api/v1/push/registrations", busy.headers, body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe("Too many requests. Please try again later.");
    // Another user from the same address is not held back.
    expect((await call("POST", "/api/v1/push/registrations", calm.headers, body)).statusCode).toBe(201);
  });

  it("lists every event type with both channels on by default, and stores what is changed", async () => {
    const reader = await createSignedInUser(testDb.db);
    const initial = await call("GET", "/api/v1/me/notification-preferences", reader.headers);
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({
      preferences: USER_EVENT_TYPES.map((type) => ({ type, inApp: true, push: true })),
    });

    const put = await call("PUT", "/api/v1/me/notification-preferences", reader.headers, {
      preferences: [
        { type: "read book", inApp: false, push: false },
        { type: "new follower", inApp: true, push: false },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const expected = USER_EVENT_TYPES.map((type) =>
      type === "read book"
        ? { type, inApp: false, push: false }
        : type === "new follower"
          ? { type, inApp: true, push: false }
          : { type, inApp: true, push: true },
    );
    expect(put.json()).toEqual({ preferences: expected });
    expect((await call("GET", "/api/v1/me/notification-preferences", reader.headers)).json()).toEqual({
      preferences: expected,
    });

    // Types left out keep what they had; a type set back is stored again.
    await call("PUT", "/api/v1/me/notification-preferences", reader.headers, {
      preferences: [{ type: "read book", inApp: true, push: false }],
    });
    const later = (await call("GET", "/api/v1/me/notification-preferences", reader.headers)).json();
    expect(later.preferences).toContainEqual({ type: "read book", inApp: true, push: false });
    expect(later.preferences).toContainEqual({ type: "new follower", inApp: true, push: false });

    // Someone else's preferences are their own.
    const other = await createSignedInUser(testDb.db);
    expect((await call("GET", "/api/v1/me/notification-preferences", other.headers)).json()).toEqual(initial.json());
  });

  it("refuses unknown event types and a type listed twice", async () => {
    const reader = await createSignedInUser(testDb.db);
    for (const preferences of [
      [{ type: "sold book", inApp: true, push: true }],
      [{ type: "read book", inApp: "yes", push: true }],
      [
        { type: "read book", inApp: true, push: true },
        { type: "read book", inApp: false, push: false },
      ],
    ]) {
      const response = await call("PUT", "/api/v1/me/notification-preferences", reader.headers, { preferences });
      expect(response.statusCode, JSON.stringify(preferences)).toBe(400);
      expect(response.json().error.code).toBe("invalid-argument");
    }
    const stored = await testDb.db
      .selectFrom("notificationPreferences")
      .selectAll()
      .where("userId", "=", reader.user.id)
      .execute();
    expect(stored).toEqual([]);
  });
});
