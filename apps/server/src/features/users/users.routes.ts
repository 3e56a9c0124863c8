import {
  ApiErrorBodySchema,
  AppError,
  catalogContract,
  profileContract,
  RECENT_USERS_COUNT,
  SUGGESTED_FOLLOWS_COUNT,
} from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cachePublicReads, type ResponseCache } from "../../infra/response-cache";
import { presentPublicProfile } from "./users.presenter";
import type { UsersRepository } from "./users.repository";

export const usersRoutes: FastifyPluginAsyncZod<{ repository: UsersRepository; cache: ResponseCache }> = async (
  app,
  { repository, cache },
) => {
  cachePublicReads(app, cache);
  const byUsername = catalogContract["users.byUsername"];
  app.get(
    byUsername.path,
    {
      schema: {
        operationId: "users.byUsername",
        tags: ["users"],
        params: byUsername.params,
        response: { 200: byUsername.response, 404: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const row = await repository.findByUsername(request.params.username.toLowerCase());
      if (!row) throw AppError.of("userNotFound");
      return { user: presentPublicProfile(row) };
    },
  );

  const recent = catalogContract["users.recent"];
  app.get(
    recent.path,
    { schema: { operationId: "users.recent", tags: ["users"], response: { 200: recent.response } } },
    async () => ({ items: (await repository.newestUsers(RECENT_USERS_COUNT)).map(presentPublicProfile) }),
  );

  const suggested = profileContract["users.suggested"];
  app.get(
    suggested.path,
    { schema: { operationId: "users.suggested", tags: ["users"], response: { 200: suggested.response } } },
    async (request) => ({
      items: (await repository.suggestedFor(request.viewer?.userId, SUGGESTED_FOLLOWS_COUNT)).map(presentPublicProfile),
    }),
  );
};
