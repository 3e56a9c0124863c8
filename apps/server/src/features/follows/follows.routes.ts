import rateLimit from "@fastify/rate-limit";
import { ApiErrorBodySchema, socialContract } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { perUserRateLimit } from "../../infra/per-user-rate-limit";
import { operation } from "../../openapi-operation";
import { requireViewer } from "../auth/session";
import type { FollowsService } from "./follows.service";

export const followsRoutes: FastifyPluginAsyncZod<{
  service: FollowsService;
  /** Follows one user may make per minute, and as many unfollows: each writes rows, a follow may notify. */
  changesPerMinute: number;
}> = async (app, { service, changesPerMinute }) => {
  await app.register(rateLimit, { global: false });
  const limited = perUserRateLimit(changesPerMinute);
  const errors = { 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 404: ApiErrorBodySchema };
  const changeErrors = { ...errors, 429: ApiErrorBodySchema };
  const follow = socialContract["users.follow"];
  app.put(
    follow.path,
    {
      config: limited,
      schema: {
        ...operation("users.follow"),
        params: follow.params,
        response: { 200: follow.response, ...changeErrors },
      },
    },
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
      config: limited,
      schema: {
        ...operation("users.unfollow"),
        params: unfollow.params,
        response: { 200: unfollow.response, ...changeErrors },
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
