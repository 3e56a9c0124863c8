import { ApiErrorBodySchema, socialContract } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operation } from "../../openapi-operation";
import { requireViewer } from "../auth/session";
import type { FollowsService } from "./follows.service";

export const followsRoutes: FastifyPluginAsyncZod<{ service: FollowsService }> = async (app, { service }) => {
  const errors = { 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 404: ApiErrorBodySchema };
  const follow = socialContract["users.follow"];
  app.put(
    follow.path,
    { schema: { ...operation("users.follow"), params: follow.params, response: { 200: follow.response, ...errors } } },
    async (request) => service.follow(requireViewer(request).userId, request.params.id),
  );

  const state = socialContract["users.followState"];
  app.get(
    state.path,
    {
      schema: { ...operation("users.followState"), params: state.params, response: { 200: state.response, ...errors } },
    },
    async (request) => service.state(requireViewer(request).userId, request.params.id),
  );

  const unfollow = socialContract["users.unfollow"];
  app.delete(
    unfollow.path,
    {
      schema: {
        ...operation("users.unfollow"),
        params: unfollow.params,
        response: { 200: unfollow.response, ...errors },
      },
    },
    async (request) => service.unfollow(requireViewer(request).userId, request.params.id),
  );

  for (const direction of ["followers", "following"] as const) {
    const route = socialContract[`users.${direction}`];
    app.get(
      route.path,
      {
        schema: {
          ...operation(`users.${direction}`),
          params: route.params,
          querystring: route.query,
          response: { 200: route.response, 404: ApiErrorBodySchema },
        },
      },
      async (request) => service.list(direction, request.params.id, request.query.cursor),
    );
  }
};
