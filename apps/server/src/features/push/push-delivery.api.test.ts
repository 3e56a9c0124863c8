import { readFile } from "node:fs/promises";
import type { PushSubscriptionJson } from "@quire/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { TestPushService } from "../../../test/test-push-service";
import { createRootLogger } from "../../logger";
import { EventDeliveryRepository } from "../notifications/event-delivery.repository";
import { EventWorker } from "../notifications/event-worker";
import { NotificationHub } from "../notifications/notification-hub";
import { recordUserEvent } from "../notifications/user-events.repository";
import { studioClient } from "../studio/studio-test-client";
import { PushDeliveriesRepository } from "./push-deliveries.repository";
import { PushEndpointPolicy } from "./push-endpoint-policy";
import { PUSH_LEASE_MS, PUSH_MAX_ATTEMPTS, PushSender } from "./push-sender";
import { loadVapidKeys } from "./vapid-keys";
import { WebPushTransport } from "./web-push-transport";

const HOUR = 3_600_000;

describe.each(dialectsUnderTest())("push delivery on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  let service: TestPushService;
  beforeAll(async () => {
    service = await TestPushService.start();
  });
  afterAll(async () => service.close());
  // Near the wall clock (the factories' sessions last a day from the real now), moved by the tests.
  let now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  const t = useTestApp(testDb, { clock: () => now, env: () => service.env() });
  const studio = studioClient(t, testDb);
  const { call, ok } = studio;

  type Reader = Awaited<ReturnType<typeof createSignedInUser>>;
  /** A browser of this reader subscribed at the test push service and registered with Quire. */
  const browserOf = async (reader: Reader): Promise<PushSubscriptionJson> => {
    const { publicKey } = await ok<{ publicKey: string }>(call("GET", "/api/v1/push/vapid-public-key", {}));
    const subscription = service.subscribe(publicKey);
    const registered = await call("POST", "/api/v1/push/registrations", reader.headers, { subscription });
    expect(registered.statusCode, registered.body).toBe(201);
    return subscription;
  };
  /** Delivers pending events and sends what is due, as the server's timers would. */
  const deliver = async () => {
    await t.app.eventWorker.runOnce();
    await t.app.pushSender.runOnce();
  };
  /** A 'new follower' event for `reader`, written through the follow API. */
  const followed = async (reader: Reader) => {
    const fan = await createSignedInUser(testDb.db, { firstName: "Fay", lastName: "Lowe" });
    await ok(call("PUT", `/api/v1/users/${reader.user.id}/follow`, fan.headers));
    return fan;
  };
  const inbox = (userId: string) =>
    testDb.db.selectFrom("notifications").selectAll().where("userId", "=", userId).execute();
  const payloads = (browser: PushSubscriptionJson) => service.received(browser.endpoint).map((push) => push.payload);
  const registrationExists = async (browser: PushSubscriptionJson) =>
    (await testDb.db
      .selectFrom("pushRegistrations")
      .select("id")
      .where("endpoint", "=", browser.endpoint)
      .executeTakeFirst()) !== undefined;
  const queued = async () => (await testDb.db.selectFrom("pushDeliveries").select("id").execute()).length;

  it("pushes a launched book to every browser of every subscriber exactly once", async () => {
    const author = await studio.author({ firstName: "Lena", lastName: "Ward" });
    const bookId = await studio.bookWithChapters(author.headers, { One: "text" }, "Night Harbour");
    await ok(
      call("POST", `/api/v1/studio/books/${bookId}/schedule`, author.headers, {
        launchDate: new Date(now.getTime() + 24 * HOUR).toISOString(),
      }),
    );
    const subscribers: { reader: Reader; browsers: PushSubscriptionJson[] }[] = [];
    for (const browsers of [1, 2, 1, 2, 1]) {
      const reader = await createSignedInUser(testDb.db);
      await ok(call("PUT", `/api/v1/books/${bookId}/launch-subscription`, reader.headers));
      subscribers.push({
        reader,
        browsers: await Promise.all(Array.from({ length: browsers }, () => browserOf(reader))),
      });
    }
    const bystander = await createSignedInUser(testDb.db);
    const bystanderBrowser = await browserOf(bystander);

    later(HOUR);
    const launched = await ok<{ notifiedSubscribers: number }>(
      call("POST", `/api/v1/studio/books/${bookId}/launch`, author.headers),
    );
    expect(launched.notifiedSubscribers).toBe(5);
    await deliver();

    for (const { reader, browsers } of subscribers) {
      const [notification] = await inbox(reader.user.id);
      expect(notification).toBeDefined();
      for (const browser of browsers) {
        expect(service.received(browser.endpoint)).toEqual([
          {
            payload: {
              notificationId: notification?.id,
              type: "book launched",
              title: "Book launched",
              body: "Night Harbour is out now.",
              url: `/books/${bookId}`,
            },
            ttl: "86400",
            urgency: "high",
            topic: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
          },
        ]);
      }
    }
    expect(payloads(bystanderBrowser)).toEqual([]);
    expect(await queued()).toBe(0);

    await deliver();
    later(PUSH_LEASE_MS * 2);
    await deliver();
    for (const { browsers } of subscribers) {
      for (const browser of browsers) expect(payloads(browser)).toHaveLength(1);
    }
  });

  it("follows each user's preferences: inbox off writes no row, push off sends nothing", async () => {
    const pushOnly = await createSignedInUser(testDb.db);
    const inboxOnly = await createSignedInUser(testDb.db);
    await ok(
      call("PUT", "/api/v1/me/notification-preferences", pushOnly.headers, {
        preferences: [{ type: "new follower", inApp: false, push: true }],
      }),
    );
    await ok(
      call("PUT", "/api/v1/me/notification-preferences", inboxOnly.headers, {
        preferences: [{ type: "new follower", inApp: true, push: false }],
      }),
    );
    const pushOnlyBrowser = await browserOf(pushOnly);
    const inboxOnlyBrowser = await browserOf(inboxOnly);

    const fan = await followed(pushOnly);
    await followed(inboxOnly);
    await deliver();

    expect(await inbox(pushOnly.user.id)).toEqual([]);
    expect(payloads(pushOnlyBrowser)).toEqual([
      {
        notificationId: expect.any(String),
        type: "new follower",
        title: "New follower",
        body: "Fay Lowe started following you.",
        url: `/u/${fan.user.username}`,
      },
    ]);
    expect(await inbox(inboxOnly.user.id)).toMatchObject([{ type: "new follower", title: "New follower" }]);
    expect(payloads(inboxOnlyBrowser)).toEqual([]);
    expect(await queued()).toBe(0);
  });

  it("removes a registration whose push service answers 404 or 410, and keeps the others", async () => {
    const reader = await createSignedInUser(testDb.db);
    const [missing, gone, working] = [await browserOf(reader), await browserOf(reader), await browserOf(reader)];
    service.script(missing.endpoint, { status: 404 });
    service.script(gone.endpoint, { status: 410 });

    await followed(reader);
    await deliver();

    expect(service.answers(missing.endpoint)).toEqual([404]);
    expect(service.answers(gone.endpoint)).toEqual([410]);
    expect(await registrationExists(missing)).toBe(false);
    expect(await registrationExists(gone)).toBe(false);
    expect(await registrationExists(working)).toBe(true);
    expect(payloads(working)).toHaveLength(1);
    expect(await queued()).toBe(0);
  });

  it("retries after a 429 exactly when Retry-After says, in seconds or as an HTTP date", async () => {
    const reader = await createSignedInUser(testDb.db);
    const [bySeconds, byDate] = [await browserOf(reader), await browserOf(reader)];
    service.script(bySeconds.endpoint, { status: 429, retryAfter: "120" });
    service.script(byDate.endpoint, { status: 429, retryAfter: new Date(now.getTime() + 300_000).toUTCString() });

    await followed(reader);
    await deliver();
    expect(service.answers(bySeconds.endpoint)).toEqual([429]);
    expect(service.answers(byDate.endpoint)).toEqual([429]);

    later(119_000);
    await deliver();
    expect(service.answers(bySeconds.endpoint)).toEqual([429]);
    later(1000);
    await deliver();
    expect(service.answers(bySeconds.endpoint)).toEqual([429, 201]);
    expect(service.answers(byDate.endpoint)).toEqual([429]);

    later(179_000);
    await deliver();
    expect(service.answers(byDate.endpoint)).toEqual([429]);
    later(1000);
    await deliver();
    expect(service.answers(byDate.endpoint)).toEqual([429, 201]);
    expect(payloads(bySeconds)).toHaveLength(1);
    expect(payloads(byDate)).toEqual(payloads(bySeconds));
  });

  it("backs off after server errors (1 s, then ×1.5) and gives up after the last attempt", async () => {
    const reader = await createSignedInUser(testDb.db);
    const [flaky, broken] = [await browserOf(reader), await browserOf(reader)];
    service.script(flaky.endpoint, { status: 500 }, { status: 503 });
    service.script(broken.endpoint, ...Array.from({ length: PUSH_MAX_ATTEMPTS + 1 }, () => ({ status: 502 })));

    await followed(reader);
    await deliver();
    expect(service.answers(flaky.endpoint)).toEqual([500]);
    later(999);
    await deliver();
    expect(service.answers(flaky.endpoint)).toEqual([500]);
    later(1);
    await deliver();
    expect(service.answers(flaky.endpoint)).toEqual([500, 503]);
    later(1499);
    await deliver();
    expect(service.answers(flaky.endpoint)).toEqual([500, 503]);
    later(1);
    await deliver();
    expect(service.answers(flaky.endpoint)).toEqual([500, 503, 201]);
    expect(payloads(flaky)).toHaveLength(1);

    for (let i = 0; i < PUSH_MAX_ATTEMPTS; i++) {
      later(60_000);
      await deliver();
    }
    expect(service.answers(broken.endpoint)).toEqual(Array.from({ length: PUSH_MAX_ATTEMPTS }, () => 502));
    expect(await queued()).toBe(0);
    expect(await registrationExists(broken)).toBe(true);
  });

  it("loses nothing when a sender dies holding a batch: its lease runs out and another sends it", async () => {
    const readers = [await createSignedInUser(testDb.db), await createSignedInUser(testDb.db)];
    const browsers = [
      await browserOf(readers[0] as Reader),
      await browserOf(readers[0] as Reader),
      await browserOf(readers[1] as Reader),
    ];
    // Events turned into queued pushes by a worker of their own, which does not nudge the app's sender.
    for (const reader of readers) {
      await recordUserEvent(
        testDb.db,
        {
          eventType: "new follower",
          priority: "normal",
          targetUserId: reader.user.id,
          triggeredByUserId: reader.user.id,
          triggeredByUserName: "Fay Lowe",
          targetResource: { id: reader.user.id, type: "user", name: reader.user.username },
        },
        now.toISOString(),
      );
    }
    const logger = createRootLogger("silent");
    const clock = () => now;
    await new EventWorker({
      repository: new EventDeliveryRepository(t.ctx.database),
      hub: new NotificationHub(t.ctx.database),
      clock,
      logger,
    }).runOnce();
    expect(await queued()).toBe(3);

    const keys = await loadVapidKeys(t.ctx.config);
    const endpoints = new PushEndpointPolicy(t.ctx.config.push);
    const agent = endpoints.agent({ ca: await readFile(service.caFile, "utf8") });
    const webpush = new WebPushTransport({
      vapid: { ...keys, subject: t.ctx.config.push.subject },
      agent,
      endpoints,
      clock,
    });
    const dying = new PushSender({
      repository: new PushDeliveriesRepository(t.ctx.database),
      transports: { webpush, fcm: webpush, apns: webpush },
      clock,
      logger,
      afterClaim: () => {
        throw new Error("killed");
      },
    });
    await expect(dying.runOnce()).rejects.toThrow("killed");
    agent.destroy();

    await t.app.pushSender.runOnce();
    for (const browser of browsers) expect(payloads(browser)).toEqual([]);
    later(PUSH_LEASE_MS - 1);
    await t.app.pushSender.runOnce();
    for (const browser of browsers) expect(payloads(browser)).toEqual([]);
    later(1);
    await t.app.pushSender.runOnce();
    for (const browser of browsers) expect(payloads(browser)).toHaveLength(1);
    expect(await queued()).toBe(0);
  });
});
