import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { AnnotationsRepository } from "./annotations.repository";
import { annotationsRoutes } from "./annotations.routes";
import { AnnotationsService } from "./annotations.service";

/** Bookmarks, highlights and notes, and their export, built from the app context. */
export async function registerAnnotations(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const repository = new AnnotationsRepository(ctx.database.db, ctx.database.dialect);
  await app.register(annotationsRoutes, { service: new AnnotationsService(repository, ctx.clock) });
}
