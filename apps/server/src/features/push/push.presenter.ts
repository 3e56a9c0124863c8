import { type NotificationPreferences, type PushRegistration, USER_EVENT_TYPES, type UserEventType } from "@quire/core";
import type { Selectable } from "kysely";
import type { NotificationPreferencesTable } from "../../db/schema";
import type { PushRegistrationRow } from "./push.repository";

/** Keys stay on the server: the client already has them, and no one else should. */
export function presentRegistration(row: PushRegistrationRow): PushRegistration {
  return { id: row.id, endpoint: row.endpoint, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

/** Every event type, in core's order; a type the user never changed has both channels on. */
export function presentPreferences(rows: Selectable<NotificationPreferencesTable>[]): NotificationPreferences {
  const stored = new Map(rows.map((row) => [row.eventType, row]));
  return {
    preferences: USER_EVENT_TYPES.map((type: UserEventType) => {
      const row = stored.get(type);
      return { type, inApp: row ? row.inApp === 1 : true, push: row ? row.push === 1 : true };
    }),
  };
}
