import { libraryContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { requireSessionFirst, requireViewer } from "../../shared/session";
import type { LibraryService } from "./library.service";

/**
 * Stars, system lists and launch subscriptions of the signed-in user, and the book page's view of
 * them. No path names a user: every action is on the viewer's own rows ("Please login!" otherwise).
 */
export const libraryRoutes: FastifyPluginAsyncZod<{ service: LibraryService }> = async (app, { service }) => {
  const viewerId = (request: Parameters<typeof requireViewer>[0]) => requireViewer(request, "notLoggedIn").userId;
  // The book page's view of a book is the one route here that visitors use.
  app.addHook("preValidation", requireSessionFirst("notLoggedIn", { except: [c["books.viewerState"].path] }));

  route(app, c["books.star"], async (request) => service.star(viewerId(request), request.params.id));
  route(app, c["books.unstar"], async (request) =>
    service.unstar(viewerId(request), request.params.id, request.query.at),
  );
  route(app, c["books.subscribeLaunch"], async (request) =>
    service.subscribeLaunch(viewerId(request), request.params.id),
  );
  route(app, c["books.unsubscribeLaunch"], async (request) =>
    service.unsubscribeLaunch(viewerId(request), request.params.id),
  );
  route(app, c["books.viewerState"], async (request, reply) => {
    // Personal when signed in; never stored by shared caches either way.
    reply.header("cache-control", "private, no-store");
    return service.viewerState(request.viewer?.userId, request.params.id);
  });
  route(app, c["me.lists"], async (request) => ({ lists: await service.lists(viewerId(request)) }));
  route(app, c["me.listPut"], async (request) =>
    service.putInList(viewerId(request), request.params.list, request.params.bookId, request.query.at),
  );
  route(app, c["me.listDelete"], async (request) =>
    service.removeFromLists(viewerId(request), request.params.bookId, request.query.at),
  );
};
