import { randomUUID } from "node:crypto";
import type { PushSubscriptionJson } from "@quire/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import { type TestApp, useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { TestPushService } from "../../../test/test-push-service";

/** Finding 3 of security issue 17: push endpoints must not be a way to make the server connect anywhere. */
describe.each(dialectsUnderTest())("push endpoints are known push services on public addresses, on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  let service: TestPushService;
  beforeAll(async () => {
    service = await TestPushService.start();
  });
  afterAll(async () => service.close());
  // The defaults, apart from trusting the test service's certificate.
  const defaults = useTestApp(testDb, { env: () => ({ QUIRE_PUSH_CA_FILE: service.caFile }) });
  // The test service named as `localhost` is an allowed push service, but its addresses are not public.
  const strict = useTestApp(testDb, {
    env: () => ({
      QUIRE_PUSH_CA_FILE: service.caFile,
      QUIRE_PUSH_HOSTS: `localhost:${service.port},127.0.0.1:${service.port}`,
    }),
  });
  // The same, with `localhost` explicitly allowed to be private: proves the refusals above are the policy's doing.
  const optedIn = useTestApp(testDb, {
    env: () => ({
      QUIRE_PUSH_CA_FILE: service.caFile,
      QUIRE_PUSH_HOSTS: `localhost:${service.port}`,
      QUIRE_PUSH_PRIVATE_HOSTS: "localhost",
    }),
  });

  type Reader = Awaited<ReturnType<typeof createSignedInUser>>;
  const register = (t: TestApp, reader: Reader, subscription: PushSubscriptionJson) =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/push/registrations",
      headers: reader.headers,
      payload: { subscription },
    });
  const vapidKey = async (t: TestApp) =>
    (await t.app.inject({ method: "GET", url: "/api/v1/push/vapid-public-key" })).json().publicKey as string;
  /** A 'new follower' notification for `reader`, delivered and pushed as the server's timers would. */
  const notifyThroughPush = async (t: TestApp, reader: Reader) => {
    const fan = await createSignedInUser(testDb.db);
    const followed = await t.app.inject({
      method: "PUT",
      url: `/api/v1/users/${reader.user.id}/follow`,
      headers: fan.headers,
    });
    expect(followed.statusCode).toBe(200);
    await t.app.eventWorker.runOnce();
    await t.app.pushSender.runOnce();
  };
  const registrationsOf = (userId: string) =>
    testDb.db.selectFrom("pushRegistrations").select("endpoint").where("userId", "=", userId).execute();
  const deliveriesOf = (userId: string) =>
    testDb.db
      .selectFrom("pushDeliveries as d")
      .innerJoin("pushRegistrations as r", "r.id", "d.registrationId")
      .select("d.id")
      .where("r.userId", "=", userId)
      .execute();

  it("refuses to register or move a registration to an endpoint that is not a known push service", async () => {
    const reader = await createSignedInUser(testDb.db);
    const keys = service.subscribe(await vapidKey(defaults)).keys;
    const refused = [
      [
        `https://127.0.0.1:${service.port}/push/x`,
        `The push endpoint's host 127.0.0.1:${service.port} is not a known push service.`,
      ],
      ["https://[::ffff:127.0.0.1]/x", "The push endpoint's host [::ffff:7f00:1] is not a known push service."],
      [
        "https://169.254.169.254/latest/meta-data",
        "The push endpoint's host 169.254.169.254 is not a known push service.",
      ],
      [
        "https://fcm.googleapis.com.evil.example/x",
        "The push endpoint's host fcm.googleapis.com.evil.example is not a known push service.",
      ],
      [
        "https://fcm.googleapis.com:8443/x",
        "The push endpoint's host fcm.googleapis.com:8443 is not a known push service.",
      ],
    ] as const;
    for (const [endpoint, message] of refused) {
      const response = await register(defaults, reader, { endpoint, expirationTime: null, keys });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().error).toMatchObject({
        code: "invalid-argument",
        message,
        reason: "push/endpoint-not-allowed",
      });
    }
    expect(await registrationsOf(reader.user.id)).toEqual([]);

    const fcm = { endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, expirationTime: null, keys };
    const created = await register(defaults, reader, fcm);
    expect(created.statusCode, created.body).toBe(201);
    const moved = await defaults.app.inject({
      method: "PATCH",
      url: `/api/v1/push/registrations/${created.json().id}`,
      headers: reader.headers,
      payload: { subscription: { ...fcm, endpoint: "https://10.0.0.1/x" } },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.message).toBe("The push endpoint's host 10.0.0.1 is not a known push service.");
    expect(await registrationsOf(reader.user.id)).toEqual([{ endpoint: fcm.endpoint }]);
  });

  it("refuses an allowed host's loopback address at registration unless that host may be private", async () => {
    const reader = await createSignedInUser(testDb.db);
    const subscription = service.subscribe(await vapidKey(strict));
    const response = await register(strict, reader, subscription);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      "The push endpoint points at a private, loopback or link-local address.",
    );
  });

  it("refuses at connect time a host name that resolves to loopback, and sends when it may be private", async () => {
    const reader = await createSignedInUser(testDb.db);
    const subscription = service.subscribe(await vapidKey(strict), "localhost");
    expect((await register(strict, reader, subscription)).statusCode).toBe(201);
    await notifyThroughPush(strict, reader);
    // Nothing reached the service: the lookup refused the address before connecting. The message is
    // dropped (retrying cannot help), the registration stays (its name may resolve elsewhere later).
    expect(service.answers(subscription.endpoint)).toEqual([]);
    expect(await deliveriesOf(reader.user.id)).toEqual([]);
    expect(await registrationsOf(reader.user.id)).toEqual([{ endpoint: subscription.endpoint }]);

    const welcome = await createSignedInUser(testDb.db);
    const allowed = service.subscribe(await vapidKey(optedIn), "localhost");
    expect((await register(optedIn, welcome, allowed)).statusCode).toBe(201);
    await notifyThroughPush(optedIn, welcome);
    expect(service.received(allowed.endpoint)).toHaveLength(1);
    expect(service.received(allowed.endpoint)[0]?.payload).toMatchObject({ type: "new follower" });
  });

  it("drops a stored registration whose endpoint the allow-list no longer accepts, without connecting", async () => {
    const reader = await createSignedInUser(testDb.db);
    // As a registration made before the allow-list existed would be.
    const subscription = service.subscribe(await vapidKey(defaults));
    const now = new Date().toISOString();
    await testDb.db
      .insertInto("pushRegistrations")
      .values({
        id: randomUUID(),
        userId: reader.user.id,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        userAgent: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await notifyThroughPush(defaults, reader);
    expect(service.answers(subscription.endpoint)).toEqual([]);
    expect(await registrationsOf(reader.user.id)).toEqual([]);
  });
});
