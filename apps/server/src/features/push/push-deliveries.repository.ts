import type { PushKind } from "@quire/core";
import type { DatabaseHandle } from "../../db/database";

export interface ClaimedDelivery {
  id: string;
  notificationId: string;
  registrationId: string;
  payload: string;
  urgency: "very-low" | "low" | "normal" | "high";
  attempts: number;
  kind: PushKind;
  /** A Web Push endpoint, or a native device token. */
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The push sender's queue: claiming due deliveries under a lease, and settling each one. */
export class PushDeliveriesRepository {
  constructor(private readonly database: DatabaseHandle) {}

  /**
   * Leases up to `limit` due deliveries until `leaseUntil` and counts the attempt; on PostgreSQL under
   * `FOR UPDATE SKIP LOCKED`, so senders of several processes take different rows.
   */
  claim(now: Date, limit: number, leaseUntil: Date): Promise<ClaimedDelivery[]> {
    const { db, dialect } = this.database;
    return db.transaction().execute(async (trx) => {
      let due = trx
        .selectFrom("pushDeliveries")
        .select("id")
        .where("nextAttemptAt", "<=", now.toISOString())
        .orderBy("nextAttemptAt")
        .orderBy("id")
        .limit(limit);
      if (dialect === "postgres") due = due.forUpdate().skipLocked();
      const ids = (await due.execute()).map((row) => row.id);
      if (ids.length === 0) return [];
      await trx
        .updateTable("pushDeliveries")
        .set((eb) => ({ nextAttemptAt: leaseUntil.toISOString(), attempts: eb("attempts", "+", 1) }))
        .where("id", "in", ids)
        .execute();
      return trx
        .selectFrom("pushDeliveries as d")
        .innerJoin("pushRegistrations as r", "r.id", "d.registrationId")
        .select([
          "d.id",
          "d.notificationId",
          "d.registrationId",
          "d.payload",
          "d.urgency",
          "d.attempts",
          "r.kind",
          "r.endpoint",
          "r.p256dh",
          "r.auth",
        ])
        .where("d.id", "in", ids)
        .execute();
    });
  }

  async remove(deliveryId: string): Promise<void> {
    await this.database.db.deleteFrom("pushDeliveries").where("id", "=", deliveryId).execute();
  }

  /** Removes the registration (its deliveries cascade) only if it still has this endpoint; true when it did. */
  async removeRegistration(registrationId: string, endpoint: string): Promise<boolean> {
    const removed = await this.database.db
      .deleteFrom("pushRegistrations")
      .where("id", "=", registrationId)
      .where("endpoint", "=", endpoint)
      .executeTakeFirst();
    return Number(removed.numDeletedRows) > 0;
  }

  async retryAt(deliveryId: string, at: Date): Promise<void> {
    await this.database.db
      .updateTable("pushDeliveries")
      .set({ nextAttemptAt: at.toISOString() })
      .where("id", "=", deliveryId)
      .execute();
  }
}
