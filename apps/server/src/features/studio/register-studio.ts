import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { subsystemLogger } from "../../logger";
import { LaunchWorker } from "./launch-worker";
import { studioRoutes } from "./studio.routes";
import { createStudioServices } from "./studio-services";

declare module "fastify" {
  interface FastifyInstance {
    /** Launches scheduled books on their date; its interval is started by the server process (main). */
    launchWorker: LaunchWorker;
  }
}

/**
 * The studio routes and the launch worker. `onPublicChange` clears the public read cache; launches
 * also nudge the event worker, so subscribers' notifications do not wait for its next round.
 */
export async function registerStudio(
  app: FastifyInstance,
  ctx: AppContext,
  options: { onPublicChange: () => void },
): Promise<void> {
  const studio = createStudioServices(ctx, {
    onPublicChange: options.onPublicChange,
    onEventsWritten: () => app.eventWorker.nudge(),
  });
  const worker = new LaunchWorker(studio.launches, subsystemLogger(ctx.logger, "server:studio"));
  app.decorate("launchWorker", worker);
  app.addHook("onClose", async () => worker.stop());
  await app.register(studioRoutes, { ctx, studio, onPublicChange: options.onPublicChange });
}
