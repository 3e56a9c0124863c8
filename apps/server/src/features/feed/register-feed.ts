import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { CatalogRepository } from "../catalog/catalog.repository";
import { FeedRepository } from "./feed.repository";
import { feedRoutes } from "./feed.routes";
import { FeedService } from "./feed.service";

/** The activity feed of the signed-in viewer, built from the app context. */
export async function registerFeed(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = new FeedService({
    repository: new FeedRepository(ctx.database.db),
    catalog: new CatalogRepository(ctx.database.db),
  });
  await app.register(feedRoutes, { service });
}
