import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import type { ResponseCache } from "../../infra/response-cache";
import { CatalogRepository } from "../catalog/catalog.repository";
import { AfterReadingRepository } from "./after-reading.repository";
import { afterReadingRoutes } from "./after-reading.routes";
import { AfterReadingService } from "./after-reading.service";

/** The end-of-book screen's suggestions, built from the app context. */
export async function registerAfterReading(app: FastifyInstance, ctx: AppContext, cache: ResponseCache) {
  const service = new AfterReadingService(
    new AfterReadingRepository(ctx.database.db),
    new CatalogRepository(ctx.database.db),
  );
  await app.register(afterReadingRoutes, { service, cache });
}
