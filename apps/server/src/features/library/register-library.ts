import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { CatalogRepository } from "../catalog/catalog.repository";
import { LibraryRepository } from "./library.repository";
import { libraryRoutes } from "./library.routes";
import { LibraryService } from "./library.service";

/** Stars, system lists, launch subscriptions and the viewer's state on a book, built from the app context. */
export async function registerLibrary(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = new LibraryService({
    repository: new LibraryRepository(ctx.database.db),
    catalog: new CatalogRepository(ctx.database.db),
    clock: ctx.clock,
  });
  await app.register(libraryRoutes, { service });
}
