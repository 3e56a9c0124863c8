import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import type { ResponseCache } from "../../infra/response-cache";
import { CatalogRepository } from "../catalog/catalog.repository";
import { CatalogService } from "../catalog/catalog.service";
import { ReadingRepository } from "../reading/reading.repository";
import { ReadingService } from "../reading/reading.service";
import { HomeRepository } from "./home.repository";
import { homeRoutes } from "./home.routes";
import { HomeService } from "./home.service";

/**
 * The signed-in reader's home, built from the app context. Its shared sections live in the public
 * read cache, so the writes that clear that cache (studio, launches, imports) show on home at once.
 */
export async function registerHome(app: FastifyInstance, ctx: AppContext, cache: ResponseCache): Promise<void> {
  const { db, dialect } = ctx.database;
  const catalog = new CatalogRepository(db);
  const service = new HomeService({
    repository: new HomeRepository(db, catalog),
    catalog,
    catalogService: new CatalogService(catalog, ctx.clock),
    reading: new ReadingService({
      repository: new ReadingRepository(db, dialect),
      catalog,
      clock: ctx.clock,
      // Home only reads progress; a write (and so an event) never happens through it.
      onEventsWritten: () => undefined,
    }),
    cache,
  });
  await app.register(homeRoutes, { service });
}
