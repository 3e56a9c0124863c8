import { ApiErrorBodySchema, feedContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operation } from "../../openapi-operation";
import { requireViewer } from "../auth/session";
import type { FeedService } from "./feed.service";

export const feedRoutes: FastifyPluginAsyncZod<{ service: FeedService }> = async (app, { service }) => {
  const list = c["feed.list"];
  app.get(
    list.path,
    {
      schema: {
        ...operation("feed.list"),
        querystring: list.query,
        response: { 200: list.response, 401: ApiErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return service.page(requireViewer(request, "notLoggedIn").userId, request.query.cursor);
    },
  );
};
