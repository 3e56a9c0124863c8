import { type ReaderSettings, ReaderSettingsSchema } from "@quire/core";
import type { Kysely } from "kysely";
import { parseJson, toJson } from "../../db/json";
import type { Database } from "../../db/schema";

/** A reader's stored reader settings: one row per user, written whole. */
export class ReaderSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Null when none are stored, or the stored ones no longer pass today's limits. */
  async find(userId: string): Promise<ReaderSettings | null> {
    const row = await this.db
      .selectFrom("readerSettings")
      .select("settings")
      .where("userId", "=", userId)
      .executeTakeFirst();
    const parsed = ReaderSettingsSchema.safeParse(parseJson<unknown>(row?.settings, null));
    return parsed.success ? parsed.data : null;
  }

  async save(userId: string, settings: ReaderSettings, now: string): Promise<void> {
    const values = { userId, settings: toJson(settings), updatedAt: now };
    await this.db
      .insertInto("readerSettings")
      .values(values)
      .onConflict((conflict) =>
        conflict.column("userId").doUpdateSet({ settings: values.settings, updatedAt: values.updatedAt }),
      )
      .execute();
  }
}
