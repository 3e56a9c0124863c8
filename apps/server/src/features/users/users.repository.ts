import type { CursorKey } from "@quire/core";
import type { Kysely } from "kysely";
import { toJson } from "../../db/json";
import { keysetAfter } from "../../db/keyset";
import type { BookRow, Database, UserRow } from "../../db/schema";

/** A users row with its author's reader count (null when the user is no author). */
export type ProfileRow = UserRow & { authorReaders: number | null };

export class UsersRepository {
  constructor(
    readonly db: Kysely<Database>,
    /** Usernames or ids never suggested (the configured fixed accounts). */
    private readonly excludedFromSuggestions: string[] = [],
  ) {}

  /** Users with their `authors` counter joined in, so a list of them costs one query. */
  profiles() {
    return this.db
      .selectFrom("users")
      .leftJoin("authors", "authors.id", "users.id")
      .selectAll("users")
      .select("authors.nReaders as authorReaders");
  }

  async findByUsername(username: string): Promise<ProfileRow | undefined> {
    return this.profiles().where("users.username", "=", username).executeTakeFirst();
  }

  async findById(id: string): Promise<ProfileRow | undefined> {
    return this.profiles().where("users.id", "=", id).executeTakeFirst();
  }

  /**
   * One author's shown books of one status, keyset-paged on `(launched_date, id)`: launched ones newest first,
   * scheduled ones soonest first. Hidden books and works in progress never appear.
   */
  async authorBooks(
    authorId: string,
    status: "launched" | "scheduled",
    limit: number,
    after?: CursorKey,
  ): Promise<BookRow[]> {
    const query = this.db
      .selectFrom("bookAuthors")
      .innerJoin("books", "books.id", "bookAuthors.bookId")
      .selectAll("books")
      .where("bookAuthors.authorId", "=", authorId)
      .where("books.display", "=", 1)
      .where("books.status", "=", status)
      .where("books.launchedDate", "is not", null);
    const direction = status === "launched" ? "desc" : "asc";
    return keysetAfter(query, { sort: "books.launchedDate", id: "books.id", direction }, after).limit(limit).execute();
  }

  /** Server-side only (SPEC §5 "users by email"): an email is never looked up for, or shown to, another user. */
  async findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
  }

  async setRoles(id: string, roles: string[], now: string): Promise<void> {
    await this.db
      .updateTable("users")
      .set({ roles: toJson(roles), updatedAt: now })
      .where("id", "=", id)
      .execute();
  }

  async newestUsers(limit: number): Promise<ProfileRow[]> {
    return this.profiles().orderBy("users.createdAt", "desc").orderBy("users.id", "desc").limit(limit).execute();
  }

  /** SPEC §4 suggestions: the highest interaction scores, leaving out the viewer, whom they follow and the fixed accounts. */
  async suggestedFor(viewerId: string | undefined, limit: number): Promise<ProfileRow[]> {
    let query = this.profiles();
    const excluded = this.excludedFromSuggestions;
    if (excluded.length > 0)
      query = query.where("users.id", "not in", excluded).where("users.username", "not in", excluded);
    if (viewerId) {
      query = query
        .where("users.id", "!=", viewerId)
        .where("users.id", "not in", (eb) =>
          eb.selectFrom("follows").select("followeeId").where("followerId", "=", viewerId),
        );
    }
    return query.orderBy("users.interactionScore", "desc").orderBy("users.id", "desc").limit(limit).execute();
  }
}
