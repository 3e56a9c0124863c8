import { socialContract as c, SOCIAL_PAGE_SIZE } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { requireViewer } from "../../shared/session";
import type { NotificationsService } from "./notifications.service";

export const notificationsRoutes: FastifyPluginAsyncZod<{ service: NotificationsService }> = async (
  app,
  { service },
) => {
  route(app, c["notifications.list"], async (request) =>
    service.page(requireViewer(request).userId, request.query.cursor, SOCIAL_PAGE_SIZE),
  );

  route(app, c["notifications.read"], async (request) =>
    service.markRead(requireViewer(request).userId, "all" in request.body ? "all" : request.body.ids),
  );
};
