import { readerSettingsContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { requireSessionFirst, requireViewer } from "../auth/session";
import type { ReaderSettingsRepository } from "./reader-settings.repository";

export interface ReaderSettingsRouteOptions {
  repository: ReaderSettingsRepository;
  clock: () => Date;
}

/** The signed-in reader's own reader settings: no user id in the path, so nobody reaches another's. */
export const readerSettingsRoutes: FastifyPluginAsyncZod<ReaderSettingsRouteOptions> = async (
  app,
  { repository, clock },
) => {
  app.addHook("preValidation", requireSessionFirst("notLoggedIn"));
  route(app, c["me.readerSettings"], async (request, reply) => {
    const { userId } = requireViewer(request, "notLoggedIn");
    // Per account and changed from other devices: no cache may keep an old copy.
    reply.header("cache-control", "no-store");
    return { settings: await repository.find(userId) };
  });

  route(app, c["me.updateReaderSettings"], async (request, reply) => {
    const { userId } = requireViewer(request, "notLoggedIn");
    await repository.save(userId, request.body, clock().toISOString());
    reply.header("cache-control", "no-store");
    return { settings: request.body };
  });
};
