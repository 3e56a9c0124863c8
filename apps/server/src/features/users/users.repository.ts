import type { Kysely } from "kysely";
import type { Database, UserRow } from "../../db/schema";

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

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
