import type { Kysely } from "kysely";
import type { Database, DevicePasswordsTable } from "../../db/schema";

export type DevicePasswordRow = DevicePasswordsTable;

export class DevicePasswordsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: DevicePasswordRow): Promise<void> {
    await this.db.insertInto("devicePasswords").values(row).execute();
  }

  async count(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom("devicePasswords")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async list(userId: string) {
    return this.db
      .selectFrom("devicePasswords")
      .select(["id", "name", "createdAt", "lastUsedAt"])
      .where("userId", "=", userId)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .execute();
  }

  /** Deletes one of the user's own passwords; someone else's id deletes nothing. */
  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("devicePasswords")
      .where("id", "=", id)
      .where("userId", "=", userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async candidates(userId: string, keyLookup: string) {
    return this.db
      .selectFrom("devicePasswords")
      .select(["id", "keyHash", "lastUsedAt"])
      .where("userId", "=", userId)
      .where("keyLookup", "=", keyLookup)
      .execute();
  }

  async touch(id: string, now: string): Promise<void> {
    await this.db.updateTable("devicePasswords").set({ lastUsedAt: now }).where("id", "=", id).execute();
  }

  async userIdByUsername(username: string): Promise<string | undefined> {
    const row = await this.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirst();
    return row?.id;
  }
}
