import { AppError, catalogContract, profileContract, RECENT_USERS_COUNT, SUGGESTED_FOLLOWS_COUNT } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { cachePublicReads, type ResponseCache } from "../../infra/response-cache";
import type { AuthorBooksService } from "./author-books.service";
import { presentPublicProfile } from "./users.presenter";
import type { UsersRepository } from "./users.repository";

export const usersRoutes: FastifyPluginAsyncZod<{
  repository: UsersRepository;
  authorBooks: AuthorBooksService;
  cache: ResponseCache;
}> = async (app, { repository, authorBooks, cache }) => {
  cachePublicReads(app, cache);
  route(app, catalogContract["users.byUsername"], async (request) => {
    const row = await repository.findByUsername(request.params.username.toLowerCase());
    if (!row) throw AppError.of("userNotFound");
    return { user: presentPublicProfile(row) };
  });

  route(app, catalogContract["users.recent"], async () => ({
    items: (await repository.newestUsers(RECENT_USERS_COUNT)).map(presentPublicProfile),
  }));

  route(app, profileContract["users.suggested"], async (request) => ({
    items: (await repository.suggestedFor(request.viewer?.userId, SUGGESTED_FOLLOWS_COUNT)).map(presentPublicProfile),
  }));

  // Bylines know authors by id; the web resolves an id to the profile's username through this.
  route(app, profileContract["users.get"], async (request) => {
    const row = await repository.findById(request.params.id);
    if (!row) throw AppError.of("userNotFound");
    return { user: presentPublicProfile(row) };
  });

  route(app, profileContract["users.books"], async (request) =>
    authorBooks.list(request.params.id, request.query.cursor),
  );
};
