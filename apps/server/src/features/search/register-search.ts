import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import type { ResponseCache } from "../../infra/response-cache";
import { CatalogRepository } from "../catalog/catalog.repository";
import { UsersRepository } from "../users/users.repository";
import { SearchRepository } from "./search.repository";
import { searchRoutes } from "./search.routes";
import { SearchService } from "./search.service";

export function createSearchRepository(ctx: Pick<AppContext, "database">): SearchRepository {
  const { db, dialect } = ctx.database;
  return new SearchRepository(db, dialect, new CatalogRepository(db), new UsersRepository(db));
}

/**
 * Search over books and people, built from the app context. Visitors' searches share the catalogue's
 * public read cache (and its clearing on public changes): the same few words are typed by everyone.
 */
export async function registerSearch(app: FastifyInstance, ctx: AppContext, cache: ResponseCache): Promise<void> {
  const service = new SearchService(createSearchRepository(ctx), new CatalogRepository(ctx.database.db));
  await app.register(searchRoutes, { service, cache, perIpPerMinute: ctx.config.search.requestsPerIpPerMinute });
}
