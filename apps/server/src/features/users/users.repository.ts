import type { Kysely } from "kysely";
import type { Database, UserRow } from "../../db/schema";

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("username", "=", username).executeTakeFirst();
  }

  async newestUsers(limit: number): Promise<UserRow[]> {
    return this.db
      .selectFrom("users")
      .selectAll()
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  }
}
