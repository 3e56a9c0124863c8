import { ApiErrorBodySchema, libraryContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operation } from "../../openapi-operation";
import { requireSessionFirst, requireViewer } from "../auth/session";
import type { LibraryService } from "./library.service";

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
  412: ApiErrorBodySchema,
  500: ApiErrorBodySchema,
};

/**
 * Stars, system lists and launch subscriptions of the signed-in user, and the book page's view of
 * them. No path names a user: every action is on the viewer's own rows ("Please login!" otherwise).
 */
export const libraryRoutes: FastifyPluginAsyncZod<{ service: LibraryService }> = async (app, { service }) => {
  const viewerId = (request: Parameters<typeof requireViewer>[0]) => requireViewer(request, "notLoggedIn").userId;
  // The book page's view of a book is the one route here that visitors use.
  app.addHook("preValidation", requireSessionFirst("notLoggedIn", { except: [c["books.viewerState"].path] }));

  app.put(
    c["books.star"].path,
    {
      schema: {
        ...operation("books.star"),
        params: c["books.star"].params,
        response: { 200: c["books.star"].response, ...errors },
      },
    },
    async (request) => service.star(viewerId(request), request.params.id),
  );

  app.delete(
    c["books.unstar"].path,
    {
      schema: {
        ...operation("books.unstar"),
        params: c["books.unstar"].params,
        response: { 200: c["books.unstar"].response, ...errors },
      },
    },
    async (request) => service.unstar(viewerId(request), request.params.id),
  );

  app.put(
    c["books.subscribeLaunch"].path,
    {
      schema: {
        ...operation("books.subscribeLaunch"),
        params: c["books.subscribeLaunch"].params,
        response: { 200: c["books.subscribeLaunch"].response, ...errors },
      },
    },
    async (request) => service.subscribeLaunch(viewerId(request), request.params.id),
  );

  app.delete(
    c["books.unsubscribeLaunch"].path,
    {
      schema: {
        ...operation("books.unsubscribeLaunch"),
        params: c["books.unsubscribeLaunch"].params,
        response: { 200: c["books.unsubscribeLaunch"].response, ...errors },
      },
    },
    async (request) => service.unsubscribeLaunch(viewerId(request), request.params.id),
  );

  app.get(
    c["books.viewerState"].path,
    {
      schema: {
        ...operation("books.viewerState"),
        params: c["books.viewerState"].params,
        response: { 200: c["books.viewerState"].response, ...errors },
      },
    },
    async (request, reply) => {
      // Personal when signed in; never stored by shared caches either way.
      reply.header("cache-control", "private, no-store");
      return service.viewerState(request.viewer?.userId, request.params.id);
    },
  );

  app.get(
    c["me.lists"].path,
    { schema: { ...operation("me.lists"), response: { 200: c["me.lists"].response, ...errors } } },
    async (request) => ({ lists: await service.lists(viewerId(request)) }),
  );

  app.put(
    c["me.listPut"].path,
    {
      schema: {
        ...operation("me.listPut"),
        params: c["me.listPut"].params,
        response: { 200: c["me.listPut"].response, ...errors },
      },
    },
    async (request) => service.putInList(viewerId(request), request.params.list, request.params.bookId),
  );

  app.delete(
    c["me.listDelete"].path,
    {
      schema: {
        ...operation("me.listDelete"),
        params: c["me.listDelete"].params,
        response: { 200: c["me.listDelete"].response, ...errors },
      },
    },
    async (request) => service.removeFromLists(viewerId(request), request.params.bookId),
  );
};
