import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { ReaderSettingsRepository } from "./reader-settings.repository";
import { readerSettingsRoutes } from "./reader-settings.routes";

/** GET/PUT /api/v1/me/reader-settings, built from the app context. */
export async function registerReaderSettings(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(readerSettingsRoutes, {
    repository: new ReaderSettingsRepository(ctx.database.db),
    clock: ctx.clock,
  });
}
