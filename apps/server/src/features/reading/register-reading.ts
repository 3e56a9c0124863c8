import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { CatalogRepository } from "../catalog/catalog.repository";
import { ReadingRepository } from "./reading.repository";
import { readingRoutes } from "./reading.routes";
import { ReadingService } from "./reading.service";

/** Reading progress (book and chapter) and "continue reading", built from the app context. */
export async function registerReading(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = new ReadingService({
    repository: new ReadingRepository(ctx.database.db, ctx.database.dialect),
    catalog: new CatalogRepository(ctx.database.db),
    clock: ctx.clock,
    // The notifications feature decorates the app with its worker; read when an event was written, not now.
    onEventsWritten: () => app.eventWorker.nudge(),
  });
  await app.register(readingRoutes, { service });
}
