import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/factories";
import { useTestApp } from "../../../test/test-app";
import { dialectsUnderTest, useTestDatabase } from "../../../test/test-db";
import { AccountDeletionRepository } from "../account-deletion/account-deletion.repository";

describe.each(dialectsUnderTest())("notifications about a deleted account on %s", (dialect) => {
  const testDb = useTestDatabase(dialect);
  const t = useTestApp(testDb);

  it("no longer name the account or link to it once it is deleted", async () => {
    const me = await createSignedInUser(testDb.db);
    const stays = await createSignedInUser(testDb.db, { firstName: "Grace", lastName: "Stays" });
    const leaves = await createSignedInUser(testDb.db, { firstName: "Ada", lastName: "Leaves" });
    for (const fan of [stays, leaves]) {
      const follow = await t.app.inject({
        method: "PUT",
        url: `/api/v1/users/${me.user.id}/follow`,
        headers: fan.headers,
      });
      expect(follow.statusCode).toBeLessThan(300);
    }
    await t.app.eventWorker.runOnce();
    await testDb.db
      .transaction()
      .execute((trx) => new AccountDeletionRepository(testDb.db).deleteUser(leaves.user.id, trx));

    const inbox = await t.app.inject({ method: "GET", url: "/api/v1/notifications", headers: me.headers });
    expect(inbox.statusCode).toBe(200);
    const byActor = new Map(inbox.json().items.map((item: { actor: { id: string } }) => [item.actor.id, item]));
    expect(byActor.get(stays.user.id)).toMatchObject({
      body: "Grace Stays started following you.",
      actor: { name: "Grace Stays" },
    });
    expect(byActor.get(stays.user.id)).not.toHaveProperty("actor.former");
    expect(byActor.get(leaves.user.id)).toMatchObject({
      body: "A former reader started following you.",
      actor: { name: "A former reader", former: true },
    });
  });
});
