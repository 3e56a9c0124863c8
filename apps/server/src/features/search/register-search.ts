import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { CatalogRepository } from "../catalog/catalog.repository";
import { UsersRepository } from "../users/users.repository";
import { SearchRepository } from "./search.repository";
import { searchRoutes } from "./search.routes";
import { SearchService } from "./search.service";

export function createSearchRepository(ctx: Pick<AppContext, "database">): SearchRepository {
  const { db, dialect } = ctx.database;
  return new SearchRepository(db, dialect, new CatalogRepository(db), new UsersRepository(db));
}

/** Search over books and people, built from the app context. */
export async function registerSearch(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = new SearchService(createSearchRepository(ctx), new CatalogRepository(ctx.database.db));
  await app.register(searchRoutes, { service, perIpPerMinute: ctx.config.search.requestsPerIpPerMinute });
}
