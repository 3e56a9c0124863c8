import { socialContract as c, SOCIAL_PAGE_SIZE } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { requireViewer } from "../../shared/session";
import { type NotificationsRepository, presentNotification } from "./notifications.repository";

export const notificationsRoutes: FastifyPluginAsyncZod<{
  repository: NotificationsRepository;
  clock: () => Date;
}> = async (app, { repository, clock }) => {
  route(app, c["notifications.list"], async (request) => {
    const { userId } = requireViewer(request);
    const page = await repository.newestFirst(userId, request.query.cursor, SOCIAL_PAGE_SIZE);
    return {
      items: page.items.map(presentNotification),
      nextCursor: page.nextCursor,
      unreadCount: await repository.unreadCount(userId),
    };
  });

  route(app, c["notifications.read"], async (request) => {
    const { userId } = requireViewer(request);
    const ids = "all" in request.body ? "all" : request.body.ids;
    await repository.markRead(userId, ids, clock().toISOString());
    return { unreadCount: await repository.unreadCount(userId) };
  });
};
