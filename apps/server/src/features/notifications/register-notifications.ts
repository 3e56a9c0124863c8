import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { subsystemLogger } from "../../logger";
import { EventWorker } from "./event-worker";
import { NotificationHub } from "./notification-hub";
import { NotificationsRepository } from "./notifications.repository";
import { notificationsRoutes } from "./notifications.routes";
import { streamRoutes } from "./stream.routes";

declare module "fastify" {
  interface FastifyInstance {
    /** Built with the app so writes can nudge it; its interval is started by the server process (main). */
    eventWorker: EventWorker;
  }
}

/** The inbox, the live stream, and the worker that fills them; returns the worker for writers to nudge. */
export async function registerNotifications(
  app: FastifyInstance,
  ctx: AppContext,
  options: { onPushQueued: () => void },
): Promise<EventWorker> {
  const hub = new NotificationHub(ctx.database);
  await hub.start();
  const worker = new EventWorker({
    database: ctx.database,
    hub,
    clock: ctx.clock,
    logger: subsystemLogger(ctx.logger, "server:events"),
    onPushQueued: options.onPushQueued,
  });
  app.decorate("eventWorker", worker);
  app.addHook("onClose", async () => {
    await worker.stop();
    await hub.stop();
  });
  const repository = new NotificationsRepository(ctx.database.db);
  await app.register(notificationsRoutes, { repository, clock: ctx.clock });
  await app.register(streamRoutes, { hub, repository });
  return worker;
}
