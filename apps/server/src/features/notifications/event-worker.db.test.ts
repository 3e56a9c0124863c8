import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createUser } from "../../../test/factories";
import { dialectsUnderTest, itOnPostgres, useTestDatabase } from "../../../test/test-db";
import { createDatabase } from "../../db/database";
import { createRootLogger } from "../../logger";
import { EventWorker } from "./event-worker";
import { NotificationHub } from "./notification-hub";

const EVENTS = 10_000;

describe.each(dialectsUnderTest())("event worker on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const logger = createRootLogger("silent");
  const clock = () => new Date();

  async function queueNewFollowerEvents(count: number) {
    const target = await createUser(testDb.db);
    const actor = await createUser(testDb.db);
    const createdAt = new Date().toISOString();
    for (let i = 0; i < count; i += 1000) {
      await testDb.db
        .insertInto("userEvents")
        .values(
          Array.from({ length: Math.min(1000, count - i) }, () => ({
            id: randomUUID(),
            eventType: "new follower",
            priority: "normal",
            targetUserId: target.id,
            triggeredByUserId: actor.id,
            triggeredByUserName: "Actor",
            targetResourceId: actor.id,
            targetResourceType: "user",
            targetResourceName: "Actor",
            processed: 0 as const,
            createdAt,
          })),
        )
        .execute();
    }
    return target;
  }

  const deliveredTo = async (userId: string) => {
    const rows = await testDb.db.selectFrom("notifications").select("eventId").where("userId", "=", userId).execute();
    return { total: rows.length, distinct: new Set(rows.map((row) => row.eventId)).size };
  };

  it("delivers 10,000 events exactly once although it is killed in the middle of a batch", async () => {
    const target = await queueNewFollowerEvents(EVENTS);
    let batches = 0;
    const crashing = new EventWorker({
      database: testDb.handle,
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
      database: testDb.handle,
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
      database: testDb.handle,
      hub: new NotificationHub(testDb.handle),
      clock,
      logger,
    }).runOnce();
    for (const fan of fans) {
      const rows = await testDb.db.selectFrom("notifications").selectAll().where("userId", "=", fan.id).execute();
      expect(rows).toMatchObject([{ type: "read book", title: "Finished a book", body: "Rita read Dune." }]);
    }
  });

  itOnPostgres(dialect)(
    "shares the queue between two concurrent workers without double delivery",
    async () => {
      const target = await queueNewFollowerEvents(EVENTS);
      const second = createDatabase({ url: testDb.url, searchPath: testDb.searchPath, poolSize: 3 });
      try {
        const workers = [testDb.handle, second].map(
          (database) => new EventWorker({ database, hub: new NotificationHub(database), clock, logger }),
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
