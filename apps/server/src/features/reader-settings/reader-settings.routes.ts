import { readerSettingsContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { requireSessionFirst, requireViewer } from "../../shared/session";
import type { ReaderSettingsService } from "./reader-settings.service";

export interface ReaderSettingsRouteOptions {
  service: ReaderSettingsService;
}

/** The signed-in reader's own reader settings: no user id in the path, so nobody reaches another's. */
export const readerSettingsRoutes: FastifyPluginAsyncZod<ReaderSettingsRouteOptions> = async (app, { service }) => {
  app.addHook("preValidation", requireSessionFirst("notLoggedIn"));
  route(app, c["me.readerSettings"], async (request, reply) => {
    const { userId } = requireViewer(request, "notLoggedIn");
    // Per account and changed from other devices: no cache may keep an old copy.
    reply.header("cache-control", "no-store");
    return { settings: await service.get(userId) };
  });

  route(app, c["me.updateReaderSettings"], async (request, reply) => {
    const { userId } = requireViewer(request, "notLoggedIn");
    const settings = await service.save(userId, request.body);
    reply.header("cache-control", "no-store");
    return { settings };
  });
};
