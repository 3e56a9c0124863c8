import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { rolesOf } from "../studio";

export interface ReadableBook {
  display: number;
  status: string;
  /** Null when the book has no book data (so no chapters) yet. */
  latestVersion: string | null;
  css: string | null;
  language: string | null;
}

export interface ChapterRef {
  anchorId: string;
  name: string;
}

export interface ChapterText extends ChapterRef {
  chapterNumber: number;
  html: string;
  wordCount: number;
}

/** The reader's reads: a book's visibility and content settings, a chapter of one version, its neighbours. */
export class ReaderRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async readableBook(bookId: string): Promise<ReadableBook | undefined> {
    return this.db
      .selectFrom("books")
      .leftJoin("bookData", "bookData.bookId", "books.id")
      .select(["books.display", "books.status", "bookData.latestVersion", "bookData.css", "bookData.language"])
      .where("books.id", "=", bookId)
      .executeTakeFirst();
  }

  async chapter(bookId: string, version: string, anchorId: string): Promise<ChapterText | undefined> {
    return this.db
      .selectFrom("chapters")
      .select(["anchorId", "name", "chapterNumber", "html", "wordCount"])
      .where("bookId", "=", bookId)
      .where("version", "=", version)
      .where("anchorId", "=", anchorId)
      .executeTakeFirst();
  }

  /**
   * The chapters before and after chapter number `chapterNumber` in reading order, and how many
   * chapters the version has. Numbers are compared, not computed (n ± 1), so a gap left by a
   * removed chapter does not break previous / next.
   */
  async surroundings(
    bookId: string,
    version: string,
    chapterNumber: number,
  ): Promise<{ previous: ChapterRef | null; next: ChapterRef | null; count: number }> {
    const ofVersion = this.db.selectFrom("chapters").where("bookId", "=", bookId).where("version", "=", version);
    const [previous, next, count] = await Promise.all([
      ofVersion
        .select(["anchorId", "name"])
        .where("chapterNumber", "<", chapterNumber)
        .orderBy("chapterNumber", "desc")
        .limit(1)
        .executeTakeFirst(),
      ofVersion
        .select(["anchorId", "name"])
        .where("chapterNumber", ">", chapterNumber)
        .orderBy("chapterNumber")
        .limit(1)
        .executeTakeFirst(),
      ofVersion.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { previous: previous ?? null, next: next ?? null, count: Number(count.n) };
  }

  /** Whether the user writes this book or administers the site: who may still see a hidden book's files. */
  async managesBook(userId: string, bookId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("users")
      .leftJoin("bookAuthors", (join) =>
        join.onRef("bookAuthors.authorId", "=", "users.id").on("bookAuthors.bookId", "=", bookId),
      )
      .select(["users.roles", "bookAuthors.authorId"])
      .where("users.id", "=", userId)
      .executeTakeFirst();
    return row !== undefined && (row.authorId !== null || rolesOf(row.roles).includes("admin"));
  }
}
