import type { Genre } from "@quire/core";
import type { Kysely } from "kysely";
import { parseJson } from "../../db/json";
import type { BookRow, Database } from "../../db/schema";
import type { CatalogRepository } from "../catalog";

/** The home's own reads; what the catalogue, reading and library already answer comes from them. */
export class HomeRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalog: CatalogRepository,
  ) {}

  /** Shown scheduled books, soonest launch first (a scheduled book's `launched_date` is its date). */
  async comingSoon(limit: number): Promise<BookRow[]> {
    return this.catalog
      .filtered({ display: 1, status: "scheduled" })
      .orderBy("books.launchedDate")
      .orderBy("books.id")
      .limit(limit)
      .execute();
  }

  /** Which of these books the user asked to hear of at launch. */
  async subscribedAmong(userId: string, bookIds: readonly string[]): Promise<Set<string>> {
    if (bookIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom("launchSubscriptions")
      .select("bookId")
      .where("userId", "=", userId)
      .where("bookId", "in", bookIds)
      .execute();
    return new Set(rows.map((row) => row.bookId));
  }

  /** The genres the user chose in onboarding that still exist, by name. */
  async favouriteGenres(userId: string): Promise<Genre[]> {
    const user = await this.db
      .selectFrom("users")
      .select("favouriteGenres")
      .where("id", "=", userId)
      .executeTakeFirst();
    const ids = parseJson<string[]>(user?.favouriteGenres, []);
    if (ids.length === 0) return [];
    return this.db
      .selectFrom("genres")
      .select(["id", "displayName"])
      .where("id", "in", ids)
      .orderBy("displayName")
      .orderBy("id")
      .execute();
  }

  /**
   * Launched, shown books in any of the genres, most popular first — except books the user has
   * already opened (in progress or finished) and their own.
   */
  async picks(userId: string, genreIds: readonly string[], limit: number): Promise<BookRow[]> {
    if (genreIds.length === 0) return [];
    return this.db
      .selectFrom("books")
      .selectAll("books")
      .where("books.display", "=", 1)
      .where("books.status", "=", "launched")
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("bookGenres")
            .select("bookGenres.bookId")
            .whereRef("bookGenres.bookId", "=", "books.id")
            .where("bookGenres.genreId", "in", genreIds),
        ),
      )
      .where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom("readingProgress")
              .select("readingProgress.bookId")
              .whereRef("readingProgress.bookId", "=", "books.id")
              .where("readingProgress.userId", "=", userId),
          ),
        ),
      )
      .where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom("bookAuthors")
              .select("bookAuthors.bookId")
              .whereRef("bookAuthors.bookId", "=", "books.id")
              .where("bookAuthors.authorId", "=", userId),
          ),
        ),
      )
      .orderBy("books.interactionScore", "desc")
      .orderBy("books.id", "desc")
      .limit(limit)
      .execute();
  }

  /** Launched, shown books written by people the user follows, newest launch first. */
  async fromFollowed(userId: string, limit: number): Promise<BookRow[]> {
    return this.db
      .selectFrom("books")
      .selectAll("books")
      .where("books.display", "=", 1)
      .where("books.status", "=", "launched")
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("bookAuthors")
            .innerJoin("follows", "follows.followeeId", "bookAuthors.authorId")
            .select("bookAuthors.bookId")
            .whereRef("bookAuthors.bookId", "=", "books.id")
            .where("follows.followerId", "=", userId),
        ),
      )
      .orderBy("books.launchedDate", "desc")
      .orderBy("books.id", "desc")
      .limit(limit)
      .execute();
  }
}
