import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { CatalogRepository } from "../catalog/catalog.repository";
import { ReadingActivityRepository } from "./reading-activity.repository";
import { readingActivityRoutes } from "./reading-activity.routes";
import { ReadingActivityService } from "./reading-activity.service";

/** A profile's reading, finished and starred books, built from the app context. */
export async function registerReadingActivity(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = new ReadingActivityService({
    repository: new ReadingActivityRepository(ctx.database.db),
    catalog: new CatalogRepository(ctx.database.db),
  });
  await app.register(readingActivityRoutes, { service });
}
