import { socialContract as c, SOCIAL_PAGE_SIZE } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { requireViewer } from "../auth/session";
import { type NotificationsRepository, presentNotification } from "./notifications.repository";

export const notificationsRoutes: FastifyPluginAsyncZod<{
  repository: NotificationsRepository;
  clock: () => Date;
}> = async (app, { repository, clock }) => {
  route(app, c["notifications.list"], async (request) => {
    const { userId } = requireViewer(request);
    // A cursor this server did not make reads as the first page, as the catalogue does.
    const after = request.query.cursor ? decodeCursor(request.query.cursor) : undefined;
    const rows = await repository.newestFirst(userId, after, SOCIAL_PAGE_SIZE);
    const items = rows.slice(0, SOCIAL_PAGE_SIZE);
    const last = items.at(-1);
    return {
      items: items.map(presentNotification),
      nextCursor: rows.length > SOCIAL_PAGE_SIZE && last ? encodeCursor([last.createdAt, last.id]) : null,
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
