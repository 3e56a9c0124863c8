import type { Kysely } from "kysely";
import { chunksOf } from "../../db/chunks";
import type { Database } from "../../db/schema";

export interface SearchChapter {
  anchorId: string;
  name: string;
  chapterNumber: number;
  /** When an author last edited a written chapter in place (null for imported ones, which never change). */
  editedAt: string | null;
}

/** Statements bind few parameters per chapter; a long book's chapters come in a few reads. */
const CHUNK = 500;

/** The chapters of one edition in reading order, and their HTML when the text cache lacks it. */
export class BookSearchRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async chapters(bookId: string, version: string): Promise<SearchChapter[]> {
    return this.db
      .selectFrom("chapters")
      .leftJoin("chapterSources", (join) =>
        join
          .onRef("chapterSources.bookId", "=", "chapters.bookId")
          .onRef("chapterSources.anchorId", "=", "chapters.anchorId"),
      )
      .select(["chapters.anchorId", "chapters.name", "chapters.chapterNumber", "chapterSources.updatedAt as editedAt"])
      .where("chapters.bookId", "=", bookId)
      .where("chapters.version", "=", version)
      .orderBy("chapters.chapterNumber")
      .execute();
  }

  async chapterHtml(bookId: string, version: string, anchorIds: string[]): Promise<Map<string, string>> {
    const html = new Map<string, string>();
    for (const chunk of chunksOf(anchorIds, CHUNK)) {
      const rows = await this.db
        .selectFrom("chapters")
        .select(["anchorId", "html"])
        .where("bookId", "=", bookId)
        .where("version", "=", version)
        .where("anchorId", "in", chunk)
        .execute();
      for (const row of rows) html.set(row.anchorId, row.html);
    }
    return html;
  }
}
