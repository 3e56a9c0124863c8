import { feedContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { requireViewer } from "../../shared/session";
import type { FeedService } from "./feed.service";

export const feedRoutes: FastifyPluginAsyncZod<{ service: FeedService }> = async (app, { service }) => {
  route(app, c["feed.list"], async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    return service.page(requireViewer(request, "notLoggedIn").userId, request.query.cursor);
  });
};
