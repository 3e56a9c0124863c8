import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import { type TestTls, testTls } from "../../../test/push-service-tls";
import { TestApnsService } from "../../../test/test-apns-service";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { TestFcmService } from "../../../test/test-fcm-service";
import { recordUserEvent } from "../notifications/user-events.repository";

type Reader = Awaited<ReturnType<typeof createSignedInUser>>;

describe.each(dialectsUnderTest())("native push delivery (FCM, APNs) on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  let tls: TestTls;
  let fcm: TestFcmService;
  let apns: TestApnsService;
  beforeAll(async () => {
    tls = await testTls();
    fcm = await TestFcmService.start(tls);
    apns = await TestApnsService.start(tls);
  });
  afterAll(async () => {
    await fcm.close();
    await apns.close();
    await tls.remove();
  });
  // Near the wall clock (sessions and the fakes' token checks use the real now), moved by the tests.
  let now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  const t = useTestApp(testDb, { clock: () => now, env: () => ({ ...fcm.env(), ...apns.env() }) });

  const register = async (reader: Reader, kind: "fcm" | "apns", token: string) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/push/registrations",
      headers: reader.headers,
      payload: { kind, token },
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  /** A reader with an Android phone and an iPhone, both registered. */
  const readerWithPhones = async () => {
    const reader = await createSignedInUser(testDb.db);
    const [android, iphone] = [fcm.device(), apns.device()];
    await register(reader, "fcm", android);
    await register(reader, "apns", iphone);
    return { reader, android, iphone };
  };
  /** An event for `reader` (a new follower, or a launch: high priority), turned into pushes and sent. */
  const notify = async (reader: Reader, kind: "follower" | "launch" = "follower") => {
    await recordUserEvent(
      testDb.db,
      kind === "launch"
        ? {
            eventType: "book launched",
            priority: "high",
            targetUserId: reader.user.id,
            triggeredByUserId: reader.user.id,
            triggeredByUserName: "Lena Ward",
            targetResource: { id: "book-1", type: "book", name: "Night Harbour" },
          }
        : {
            eventType: "new follower",
            priority: "normal",
            targetUserId: reader.user.id,
            triggeredByUserId: reader.user.id,
            triggeredByUserName: "Fay Lowe",
            targetResource: { id: reader.user.id, type: "user", name: "fay" },
          },
      now.toISOString(),
    );
    await send();
  };
  /** Sends what is due, as the server's timers would. */
  const send = async () => {
    await t.app.eventWorker.runOnce();
    await t.app.pushSender.runOnce();
  };
  const registered = async (token: string) =>
    (await testDb.db.selectFrom("pushRegistrations").select("id").where("endpoint", "=", token).executeTakeFirst()) !==
    undefined;
  const queued = async () => (await testDb.db.selectFrom("pushDeliveries").select("id").execute()).length;

  it("sends to both phones: FCM v1 message and APNs alert, normal priority, one access token for many", async () => {
    const { reader, android, iphone } = await readerWithPhones();
    await notify(reader);
    await notify(reader);

    const [first] = fcm.received(android);
    expect(first?.message).toEqual({
      token: android,
      notification: { title: "New follower", body: expect.stringContaining("Fay Lowe") },
      data: { url: "/u/fay", notificationId: expect.any(String) },
      android: { priority: "normal", ttl: "86400s", collapse_key: expect.any(String) },
    });
    expect(fcm.received(android)).toHaveLength(2);
    expect(fcm.tokenGrants).toBe(1);

    const { notificationId } = (first?.message.data ?? {}) as { notificationId?: string };
    const [alert] = apns.received(iphone);
    expect(alert).toEqual({
      payload: {
        aps: { alert: { title: "New follower", body: expect.stringContaining("Fay Lowe") } },
        url: "/u/fay",
        notificationId,
      },
      priority: "5",
      expiration: String(Math.floor(now.getTime() / 1000) + 86_400),
      collapseId: expect.any(String),
    });
    expect(apns.received(iphone)).toHaveLength(2);
    expect(await queued()).toBe(0);
  });

  it("sends a launch at high priority on both services", async () => {
    const { reader, android, iphone } = await readerWithPhones();
    await notify(reader, "launch");
    expect(fcm.received(android)[0]?.message).toMatchObject({
      notification: { title: "Book launched" },
      data: { url: "/books/book-1" },
      android: { priority: "high" },
    });
    expect(apns.received(iphone)[0]).toMatchObject({
      payload: { aps: { alert: { title: "Book launched" } }, url: "/books/book-1" },
      priority: "10",
    });
  });

  it("removes registrations whose token is gone (UNREGISTERED, INVALID_ARGUMENT, 410, BadDeviceToken)", async () => {
    const reader = await createSignedInUser(testDb.db);
    const [unregistered, invalid, working] = [fcm.device(), fcm.device(), fcm.device()];
    const [uninstalled, badToken, iphone] = [apns.device(), apns.device(), apns.device()];
    for (const token of [unregistered, invalid, working]) await register(reader, "fcm", token);
    for (const token of [uninstalled, badToken, iphone]) await register(reader, "apns", token);
    fcm.script(unregistered, { status: 404, errorStatus: "NOT_FOUND", errorCode: "UNREGISTERED" });
    fcm.script(invalid, { status: 400, errorStatus: "INVALID_ARGUMENT", errorCode: "INVALID_ARGUMENT" });
    apns.script(uninstalled, { status: 410, reason: "Unregistered" });
    apns.script(badToken, { status: 400, reason: "BadDeviceToken" });

    await notify(reader);

    for (const gone of [unregistered, invalid, uninstalled, badToken]) expect(await registered(gone)).toBe(false);
    for (const kept of [working, iphone]) expect(await registered(kept)).toBe(true);
    expect(fcm.received(working)).toHaveLength(1);
    expect(apns.received(iphone)).toHaveLength(1);
    expect(await queued()).toBe(0);
  });

  it("retries a rate-limited message: FCM after its Retry-After, APNs after the backoff", async () => {
    const { reader, android, iphone } = await readerWithPhones();
    fcm.script(android, {
      status: 429,
      errorStatus: "RESOURCE_EXHAUSTED",
      errorCode: "QUOTA_EXCEEDED",
      retryAfter: "30",
    });
    apns.script(iphone, { status: 429, reason: "TooManyRequests" });

    await notify(reader);
    expect(fcm.answers(android)).toEqual([429]);
    expect(apns.answers(iphone)).toEqual([429]);

    later(999);
    await send();
    expect(apns.answers(iphone)).toEqual([429]);
    later(1);
    await send();
    expect(apns.answers(iphone)).toEqual([429, 200]);
    expect(fcm.answers(android)).toEqual([429]);

    later(28_999);
    await send();
    expect(fcm.answers(android)).toEqual([429]);
    later(1);
    await send();
    expect(fcm.answers(android)).toEqual([429, 200]);
    expect(await registered(android)).toBe(true);
    expect(await queued()).toBe(0);
  });

  it("backs off after server errors (1 s, then ×1.5) and then delivers", async () => {
    const { reader, android, iphone } = await readerWithPhones();
    fcm.script(android, { status: 503, errorStatus: "UNAVAILABLE" }, { status: 500, errorStatus: "INTERNAL" });
    apns.script(iphone, { status: 500, reason: "InternalServerError" }, { status: 503, reason: "ServiceUnavailable" });

    await notify(reader);
    later(999);
    await send();
    expect(fcm.answers(android)).toEqual([503]);
    expect(apns.answers(iphone)).toEqual([500]);
    later(1);
    await send();
    expect(fcm.answers(android)).toEqual([503, 500]);
    expect(apns.answers(iphone)).toEqual([500, 503]);
    later(1499);
    await send();
    expect(fcm.answers(android)).toEqual([503, 500]);
    later(1);
    await send();
    expect(fcm.answers(android)).toEqual([503, 500, 200]);
    expect(apns.answers(iphone)).toEqual([500, 503, 200]);
    expect(await queued()).toBe(0);
  });

  it("reuses the APNs provider token for 50 minutes and the FCM access token until shortly before it expires", async () => {
    const { reader, android, iphone } = await readerWithPhones();
    // Past whatever earlier tests signed: both credentials are renewed for this first message.
    later(2 * 60 * 60_000);
    const [tokens, grants] = [apns.providerTokens.size, fcm.tokenGrants];
    await notify(reader);
    expect([apns.providerTokens.size, fcm.tokenGrants]).toEqual([tokens + 1, grants + 1]);
    later(49 * 60_000);
    await notify(reader);
    expect([apns.providerTokens.size, fcm.tokenGrants]).toEqual([tokens + 1, grants + 1]);
    later(60_000);
    await notify(reader);
    expect([apns.providerTokens.size, fcm.tokenGrants]).toEqual([tokens + 2, grants + 1]);
    // Google's token lasts 3599 s; it is renewed a minute before.
    later(9 * 60_000);
    await notify(reader);
    expect([apns.providerTokens.size, fcm.tokenGrants]).toEqual([tokens + 2, grants + 2]);
    expect(fcm.received(android)).toHaveLength(4);
    expect(apns.received(iphone)).toHaveLength(4);
  });
});

describe.each(dialectsUnderTest())("native push with APNs not configured on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);

  it("accepts an iPhone's registration and keeps it, but drops its messages instead of retrying them", async () => {
    const reader = await createSignedInUser(testDb.db);
    const token = "ab".repeat(32);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/push/registrations",
      headers: reader.headers,
      payload: { kind: "apns", token },
    });
    expect(response.statusCode).toBe(201);
    const event = {
      eventType: "new follower",
      priority: "normal",
      targetUserId: reader.user.id,
      triggeredByUserId: reader.user.id,
      triggeredByUserName: "Fay Lowe",
      targetResource: { id: reader.user.id, type: "user", name: "fay" },
    } as const;
    await recordUserEvent(testDb.db, event, new Date().toISOString());
    await t.app.eventWorker.runOnce();
    await t.app.pushSender.runOnce();

    // Sent (the event reached the inbox), not waiting for a retry, and the phone keeps its registration.
    expect(await testDb.db.selectFrom("notifications").select("type").execute()).toEqual([{ type: "new follower" }]);

    expect(await testDb.db.selectFrom("pushDeliveries").select("id").execute()).toEqual([]);
    expect(await testDb.db.selectFrom("pushRegistrations").select("endpoint").execute()).toEqual([{ endpoint: token }]);
  });
});
