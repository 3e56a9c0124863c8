import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import type { ResponseCache } from "../../infra/response-cache";
import { ReaderRepository } from "../reader/reader.repository";
import { ReaderService } from "../reader/reader.service";
import { BookSearchRepository } from "./book-search.repository";
import { bookSearchRoutes } from "./book-search.routes";
import { BookSearchService } from "./book-search.service";
import { ChapterTextCache } from "./chapter-text-cache";

/** Search inside a book, built from the app context, with this process's cache of chapter texts. */
export async function registerBookSearch(app: FastifyInstance, ctx: AppContext, cache: ResponseCache): Promise<void> {
  const { db } = ctx.database;
  const service = new BookSearchService(
    new BookSearchRepository(db),
    new ReaderService(new ReaderRepository(db), ctx.storage),
    new ChapterTextCache(),
  );
  await app.register(bookSearchRoutes, { service, cache, perIpPerMinute: ctx.config.search.requestsPerIpPerMinute });
}
