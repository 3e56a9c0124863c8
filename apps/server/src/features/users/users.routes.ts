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
import { operation } from "../../openapi-operation";
import type { AuthorBooksService } from "./author-books.service";
import { presentPublicProfile } from "./users.presenter";
import type { UsersRepository } from "./users.repository";

export const usersRoutes: FastifyPluginAsyncZod<{
  repository: UsersRepository;
  authorBooks: AuthorBooksService;
  cache: ResponseCache;
}> = async (app, { repository, authorBooks, cache }) => {
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

  // Bylines know authors by id; the web resolves an id to the profile's username through this.
  const byId = profileContract["users.get"];
  app.get(
    byId.path,
    {
      schema: {
        ...operation("users.get"),
        params: byId.params,
        response: { 200: byId.response, 400: ApiErrorBodySchema, 404: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const row = await repository.findById(request.params.id);
      if (!row) throw AppError.of("userNotFound");
      return { user: presentPublicProfile(row) };
    },
  );

  const books = profileContract["users.books"];
  app.get(
    books.path,
    {
      schema: {
        ...operation("users.books"),
        params: books.params,
        querystring: books.querystring,
        response: { 200: books.response, 400: ApiErrorBodySchema, 404: ApiErrorBodySchema },
      },
    },
    async (request) => authorBooks.list(request.params.id, request.query.cursor),
  );
};
