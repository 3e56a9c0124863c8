import type { Kysely } from "kysely";
import type { Database, UserRow } from "../../db/schema";

export class UsersRepository {
  constructor(
    readonly db: Kysely<Database>,
    /** Usernames or ids never suggested (the configured fixed accounts). */
    private readonly excludedFromSuggestions: string[] = [],
  ) {}

  async findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("username", "=", username).executeTakeFirst();
  }

  /** Server-side only (SPEC §5 "users by email"): an email is never looked up for, or shown to, another user. */
  async findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
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

  /** SPEC §4 suggestions: the highest interaction scores, leaving out the viewer, whom they follow and the fixed accounts. */
  async suggestedFor(viewerId: string | undefined, limit: number): Promise<UserRow[]> {
    let query = this.db.selectFrom("users").selectAll();
    const excluded = this.excludedFromSuggestions;
    if (excluded.length > 0) query = query.where("id", "not in", excluded).where("username", "not in", excluded);
    if (viewerId) {
      query = query
        .where("id", "!=", viewerId)
        .where("id", "not in", (eb) =>
          eb.selectFrom("follows").select("followeeId").where("followerId", "=", viewerId),
        );
    }
    return query.orderBy("interactionScore", "desc").orderBy("id", "desc").limit(limit).execute();
  }
}
