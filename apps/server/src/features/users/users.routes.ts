import { catalogContract, profileContract } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { cachePublicReads, type ResponseCache } from "../../infra/response-cache";
import type { AuthorBooksService } from "./author-books.service";
import type { UsersService } from "./users.service";

export const usersRoutes: FastifyPluginAsyncZod<{
  service: UsersService;
  authorBooks: AuthorBooksService;
  cache: ResponseCache;
}> = async (app, { service, authorBooks, cache }) => {
  // Profiles and an author's books are the same for everyone; suggestions leave out whom the viewer follows.
  cachePublicReads(app, cache, { sameForEveryone: true, personal: [profileContract["users.suggested"].path] });
  route(app, catalogContract["users.byUsername"], async (request) => ({
    user: await service.byUsername(request.params.username),
  }));

  route(app, catalogContract["users.recent"], async () => ({ items: await service.newest() }));

  route(app, profileContract["users.suggested"], async (request) => ({
    items: await service.suggestedFor(request.viewer?.userId),
  }));

  route(app, profileContract["users.get"], async (request) => ({ user: await service.byId(request.params.id) }));

  route(app, profileContract["users.books"], async (request) =>
    authorBooks.list(request.params.id, request.query.cursor),
  );
};
