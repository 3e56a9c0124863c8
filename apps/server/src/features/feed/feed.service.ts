import { type ActivityVerb, type Book, type FeedPage, SOCIAL_PAGE_SIZE } from "@quire/core";
import { type CatalogRepository, presentBookSummaries } from "../catalog";
import type { FeedRepository } from "./feed.repository";

export class FeedService {
  constructor(private readonly deps: { repository: FeedRepository; catalog: CatalogRepository }) {}

  /** One page of the viewer's feed; a cursor this server did not make reads as the first page. */
  async page(viewerId: string, cursor: string | undefined): Promise<FeedPage> {
    const { items, nextCursor } = await this.deps.repository.page(viewerId, cursor, SOCIAL_PAGE_SIZE);
    const books = await presentBookSummaries(
      this.deps.catalog,
      items.map((row) => row.book),
    );
    return {
      items: items.map((row, index) => ({
        id: row.activity.id,
        type: row.activity.verb as ActivityVerb,
        actor: row.actor,
        book: books[index] as Book,
        createdAt: row.activity.createdAt,
      })),
      nextCursor,
    };
  }
}
