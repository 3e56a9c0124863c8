import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createUser } from "../../../test/factories";
import { dialectsUnderTest, itOnPostgres, useTestDatabase } from "../../../test/test-db";
import { notificationsDeliveredTo, queueNewFollowerEvents } from "../../../test/user-event-fixtures";
import { createDatabase } from "../../db/database";
import { createRootLogger } from "../../logger";
import { EventDeliveryRepository } from "./event-delivery.repository";
import { EventWorker, type EventWorkerOptions } from "./event-worker";
import { NotificationHub } from "./notification-hub";

const EVENTS = 10_000;

describe.each(dialectsUnderTest())("event worker on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const logger = createRootLogger("silent");
  const clock = () => new Date();

  const deliveredTo = (userId: string) => notificationsDeliveredTo(testDb.db, userId);

  it("delivers 10,000 events exactly once although it is killed in the middle of a batch", async () => {
    const target = await queueNewFollowerEvents(testDb.db, EVENTS);
    let batches = 0;
    const crashing = new EventWorker({
      repository: new EventDeliveryRepository(testDb.handle),
      hub: new NotificationHub(testDb.handle),
      clock,
      logger,
      beforeCommit: () => {
        batches += 1;
        if (batches === 4) throw new Error("killed");
      },
    });
    await expect(crashing.runOnce()).rejects.toThrow("killed");
    expect(await deliveredTo(target.id)).toEqual({ total: 1500, distinct: 1500 });

    const restarted = new EventWorker({
      repository: new EventDeliveryRepository(testDb.handle),
      hub: new NotificationHub(testDb.handle),
      clock,
      logger,
    });
    expect(await restarted.runOnce()).toBe(EVENTS - 1500);
    expect(await deliveredTo(target.id)).toEqual({ total: EVENTS, distinct: EVENTS });
    const pending = await testDb.db.selectFrom("userEvents").select("id").where("processed", "=", 0).execute();
    expect(pending).toEqual([]);
    expect(await restarted.runOnce()).toBe(0);
  }, 120_000);

  it("fans a 'read book' event out to the reader's followers", async () => {
    const reader = await createUser(testDb.db);
    const fans = [await createUser(testDb.db), await createUser(testDb.db)];
    const now = new Date().toISOString();
    for (const fan of fans) {
      await testDb.db
        .insertInto("follows")
        .values({ followerId: fan.id, followeeId: reader.id, createdAt: now, updatedAt: now })
        .execute();
    }
    await testDb.db
      .insertInto("userEvents")
      .values({
        id: randomUUID(),
        eventType: "read book",
        priority: "low",
        targetUserId: null,
        triggeredByUserId: reader.id,
        triggeredByUserName: "Rita",
        targetResourceId: "book-1",
        targetResourceType: "book",
        targetResourceName: "Dune",
        processed: 0,
        createdAt: now,
      })
      .execute();
    await new EventWorker({
      repository: new EventDeliveryRepository(testDb.handle),
      hub: new NotificationHub(testDb.handle),
      clock,
      logger,
    }).runOnce();
    for (const fan of fans) {
      const rows = await testDb.db.selectFrom("notifications").selectAll().where("userId", "=", fan.id).execute();
      expect(rows).toMatchObject([{ type: "read book", title: "Finished a book", body: "Rita read Dune." }]);
    }
  });

  it("follows preferences and queues push deliveries in the batch's own transaction", async () => {
    const now = new Date().toISOString();
    const register = async (userId: string) => {
      const id = randomUUID();
      await testDb.db
        .insertInto("pushRegistrations")
        .values({
          id,
          userId,
          endpoint: `https://push.example/${id}`,
          p256dh: "key",
          auth: "secret",
          userAgent: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      return id;
    };
    const prefer = (userId: string, inApp: 0 | 1, push: 0 | 1) =>
      testDb.db
        .insertInto("notificationPreferences")
        .values({ userId, eventType: "new follower", inApp, push, updatedAt: now })
        .execute();
    const [both, pushOnly, inboxOnly] = [
      await createUser(testDb.db),
      await createUser(testDb.db),
      await createUser(testDb.db),
    ];
    const bothBrowsers = [await register(both.id), await register(both.id)];
    const pushOnlyBrowser = await register(pushOnly.id);
    await register(inboxOnly.id);
    await prefer(pushOnly.id, 0, 1);
    await prefer(inboxOnly.id, 1, 0);
    for (const target of [both, pushOnly, inboxOnly]) {
      await testDb.db
        .insertInto("userEvents")
        .values({
          id: randomUUID(),
          eventType: "new follower",
          priority: "normal",
          targetUserId: target.id,
          triggeredByUserId: "fan",
          triggeredByUserName: "Fan",
          targetResourceId: "fan",
          targetResourceType: "user",
          targetResourceName: "fan",
          processed: 0,
          createdAt: now,
        })
        .execute();
    }
    const inboxOf = (userId: string) =>
      testDb.db.selectFrom("notifications").selectAll().where("userId", "=", userId).execute();
    const deliveriesTo = (registrationIds: string[]) =>
      testDb.db.selectFrom("pushDeliveries").selectAll().where("registrationId", "in", registrationIds).execute();
    const worker = (options: Partial<EventWorkerOptions>) =>
      new EventWorker({
        repository: new EventDeliveryRepository(testDb.handle),
        hub: new NotificationHub(testDb.handle),
        clock,
        logger,
        ...options,
      });

    const crashing = worker({
      beforeCommit: () => {
        throw new Error("killed");
      },
    });
    await expect(crashing.runOnce()).rejects.toThrow("killed");
    expect(await deliveriesTo([...bothBrowsers, pushOnlyBrowser])).toEqual([]);

    let nudges = 0;
    await worker({ onPushQueued: () => nudges++ }).runOnce();
    expect(nudges).toBe(1);
    const [inboxRow] = await inboxOf(both.id);
    const bothDeliveries = await deliveriesTo(bothBrowsers);
    expect(bothDeliveries).toHaveLength(2);
    for (const delivery of bothDeliveries) {
      expect(delivery).toMatchObject({ notificationId: inboxRow?.id, urgency: "normal", attempts: 0 });
      expect(JSON.parse(delivery.payload)).toEqual({
        notificationId: inboxRow?.id,
        type: "new follower",
        title: "New follower",
        body: "Fan started following you.",
        url: "/u/fan",
      });
    }
    expect(await inboxOf(pushOnly.id)).toEqual([]);
    expect(await deliveriesTo([pushOnlyBrowser])).toHaveLength(1);
    expect(await inboxOf(inboxOnly.id)).toHaveLength(1);
    const inboxOnlyBrowsers = await testDb.db
      .selectFrom("pushRegistrations")
      .select("id")
      .where("userId", "=", inboxOnly.id)
      .execute();
    expect(await deliveriesTo(inboxOnlyBrowsers.map((row) => row.id))).toEqual([]);
  });

  itOnPostgres(dialect)(
    "shares the queue between two concurrent workers without double delivery",
    async () => {
      const target = await queueNewFollowerEvents(testDb.db, EVENTS);
      const second = createDatabase({ url: testDb.url, searchPath: testDb.searchPath, poolSize: 3 });
      try {
        const workers = [testDb.handle, second].map(
          (database) =>
            new EventWorker({
              repository: new EventDeliveryRepository(database),
              hub: new NotificationHub(database),
              clock,
              logger,
            }),
        );
        const counts = await Promise.all(workers.map((worker) => worker.runOnce()));
        expect(counts.reduce((sum, count) => sum + count, 0)).toBe(EVENTS);
        expect(counts.every((count) => count > 0)).toBe(true);
        expect(await deliveredTo(target.id)).toEqual({ total: EVENTS, distinct: EVENTS });
      } finally {
        await second.destroy();
      }
    },
    120_000,
  );
});
