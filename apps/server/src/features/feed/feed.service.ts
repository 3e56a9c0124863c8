import { type ActivityVerb, type Book, decodeCursor, encodeCursor, type FeedPage, SOCIAL_PAGE_SIZE } from "@quire/core";
import { type CatalogRepository, presentBookSummaries } from "../catalog";
import type { FeedRepository } from "./feed.repository";

export class FeedService {
  constructor(private readonly deps: { repository: FeedRepository; catalog: CatalogRepository }) {}

  /** One page of the viewer's feed; a cursor this server did not make reads as the first page. */
  async page(viewerId: string, cursor: string | undefined): Promise<FeedPage> {
    const after = cursor ? decodeCursor(cursor) : undefined;
    const rows = await this.deps.repository.page(viewerId, after, SOCIAL_PAGE_SIZE);
    const items = rows.slice(0, SOCIAL_PAGE_SIZE);
    const books = await presentBookSummaries(
      this.deps.catalog,
      items.map((row) => row.book),
    );
    const last = items.at(-1);
    return {
      items: items.map((row, index) => ({
        id: row.activity.id,
        type: row.activity.verb as ActivityVerb,
        actor: row.actor,
        book: books[index] as Book,
        createdAt: row.activity.createdAt,
      })),
      nextCursor:
        rows.length > SOCIAL_PAGE_SIZE && last ? encodeCursor([last.activity.createdAt, last.activity.id]) : null,
    };
  }
}
