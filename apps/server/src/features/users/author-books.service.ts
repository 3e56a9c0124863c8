import { AppError, AUTHOR_BOOKS_PAGE_SIZE, type Book, type Page } from "@quire/core";
import { pageOf, readCursor } from "../../db/keyset";
import { type CatalogRepository, presentBookSummaries } from "../catalog";
import type { UsersRepository } from "./users.repository";

type Phase = "launched" | "scheduled";

/** The cursor's sort value carries the phase, so one opaque cursor pages through launched, then scheduled books. */
function readPhaseCursor(cursor: string | undefined): { phase: Phase; key: readonly [string, string] } | undefined {
  const key = readCursor(cursor, { foreign: "refuse" });
  if (!key) return undefined;
  const [phase, launchedDate] = String(key[0]).split("|");
  if ((phase !== "launched" && phase !== "scheduled") || !launchedDate) throw AppError.of("invalidCursor");
  return { phase, key: [launchedDate, key[1]] };
}

/** An author's books as their profile lists them: launched ones, newest launch first, then scheduled ones. */
export class AuthorBooksService {
  constructor(
    private readonly users: UsersRepository,
    private readonly catalog: CatalogRepository,
  ) {}

  async list(userId: string, cursor: string | undefined): Promise<Page<Book>> {
    const after = readPhaseCursor(cursor);
    if (!(await this.users.findById(userId))) throw AppError.of("userNotFound");
    const wanted = AUTHOR_BOOKS_PAGE_SIZE + 1;
    const rows =
      after?.phase === "scheduled" ? [] : await this.users.authorBooks(userId, "launched", wanted, after?.key);
    if (rows.length < wanted) {
      const scheduledAfter = after?.phase === "scheduled" ? after.key : undefined;
      rows.push(...(await this.users.authorBooks(userId, "scheduled", wanted - rows.length, scheduledAfter)));
    }
    const page = pageOf(rows, AUTHOR_BOOKS_PAGE_SIZE, (last) => [`${last.status}|${last.launchedDate}`, last.id]);
    return { items: await presentBookSummaries(this.catalog, page.items), nextCursor: page.nextCursor };
  }
}
