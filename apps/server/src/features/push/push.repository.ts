import { newId, type PushKind } from "@quire/core";
import type { Kysely, Selectable } from "kysely";
import type { Database, NotificationPreferencesTable, PushRegistrationsTable } from "../../db/schema";

export type PushRegistrationRow = Selectable<PushRegistrationsTable>;

/** Where a registration's messages go: a Web Push endpoint with its keys, or a device token (no keys: ""). */
export interface RegistrationChange {
  kind: PushKind;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | undefined;
  now: string;
}

/** Push registrations and notification preferences of one user at a time; the sender has its own queue statements. */
export class PushRepository {
  constructor(readonly db: Kysely<Database>) {}

  /**
   * An endpoint (or device token) names one browser (or phone), so registering a known one moves its row to
   * the caller (same id).
   * When it changes hands, what was queued for the previous owner is dropped: it must not reach the new one.
   */
  async register(userId: string, change: RegistrationChange): Promise<PushRegistrationRow> {
    const { kind, endpoint, p256dh, auth, userAgent, now } = change;
    return this.db.transaction().execute(async (trx) => {
      const previous = await trx
        .selectFrom("pushRegistrations")
        .select(["id", "userId"])
        .where("endpoint", "=", endpoint)
        .executeTakeFirst();
      if (previous && previous.userId !== userId) {
        await trx.deleteFrom("pushDeliveries").where("registrationId", "=", previous.id).execute();
      }
      return trx
        .insertInto("pushRegistrations")
        .values({
          id: newId(),
          userId,
          kind,
          endpoint,
          p256dh,
          auth,
          userAgent: userAgent ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflict((conflict) =>
          conflict.column("endpoint").doUpdateSet((eb) => ({
            userId: eb.ref("excluded.userId"),
            kind: eb.ref("excluded.kind"),
            p256dh: eb.ref("excluded.p256dh"),
            auth: eb.ref("excluded.auth"),
            // Same browser: a re-registration that does not say its user agent keeps the known one.
            userAgent: eb.fn.coalesce("excluded.userAgent", "pushRegistrations.userAgent"),
            updatedAt: eb.ref("excluded.updatedAt"),
          })),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /**
   * Replaces keys and endpoint (or token: rotation) of the caller's own registration; undefined when it is
   * not theirs. A registration already holding the new endpoint is the same device's older row, so it goes.
   */
  async update(userId: string, id: string, change: RegistrationChange): Promise<PushRegistrationRow | undefined> {
    const { kind, endpoint, p256dh, auth, userAgent, now } = change;
    return this.db.transaction().execute(async (trx) => {
      const own = await trx
        .selectFrom("pushRegistrations")
        .select("id")
        .where("id", "=", id)
        .where("userId", "=", userId)
        .executeTakeFirst();
      if (!own) return undefined;
      await trx.deleteFrom("pushRegistrations").where("endpoint", "=", endpoint).where("id", "<>", id).execute();
      return trx
        .updateTable("pushRegistrations")
        .set({
          kind,
          endpoint,
          p256dh,
          auth,
          ...(userAgent === undefined ? {} : { userAgent }),
          updatedAt: now,
        })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /** Removes the caller's own registration (and, by cascade, what was queued for it); false when it is not theirs. */
  async remove(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("pushRegistrations")
      .where("id", "=", id)
      .where("userId", "=", userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async preferences(userId: string): Promise<Selectable<NotificationPreferencesTable>[]> {
    return this.db.selectFrom("notificationPreferences").selectAll().where("userId", "=", userId).execute();
  }

  async savePreferences(
    userId: string,
    preferences: { type: string; inApp: boolean; push: boolean }[],
    now: string,
  ): Promise<void> {
    if (preferences.length === 0) return;
    await this.db
      .insertInto("notificationPreferences")
      .values(
        preferences.map((preference) => ({
          userId,
          eventType: preference.type,
          inApp: preference.inApp ? 1 : 0,
          push: preference.push ? 1 : 0,
          updatedAt: now,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(["userId", "eventType"]).doUpdateSet((eb) => ({
          inApp: eb.ref("excluded.inApp"),
          push: eb.ref("excluded.push"),
          updatedAt: eb.ref("excluded.updatedAt"),
        })),
      )
      .execute();
  }
}
