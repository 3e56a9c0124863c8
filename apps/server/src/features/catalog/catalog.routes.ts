import { ApiErrorBodySchema, catalogContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cachePublicReads, type ResponseCache } from "../../infra/response-cache";
import { operation } from "../../openapi-operation";
import { type CatalogService, VISITOR } from "./catalog.service";

const errors = { 400: ApiErrorBodySchema, 404: ApiErrorBodySchema };

/** Catalogue read paths. Accounts arrive later; until then every caller is a visitor. */
export const catalogRoutes: FastifyPluginAsyncZod<{ service: CatalogService; cache: ResponseCache }> = async (
  app,
  { service, cache },
) => {
  cachePublicReads(app, cache);

  app.get(
    c["books.list"].path,
    {
      schema: {
        ...operation("books.list"),
        querystring: c["books.list"].querystring,
        response: { 200: c["books.list"].response, ...errors },
      },
    },
    async (request) => service.listBooks(request.query, VISITOR),
  );

  app.get(
    c["books.trending"].path,
    { schema: { ...operation("books.trending"), response: { 200: c["books.trending"].response } } },
    async () => ({ items: await service.trendingBooks() }),
  );

  app.get(
    c["books.newCommunity"].path,
    {
      schema: {
        ...operation("books.newCommunity"),
        querystring: c["books.newCommunity"].querystring,
        response: { 200: c["books.newCommunity"].response, ...errors },
      },
    },
    async (request) => service.newCommunityBooks(request.query.cursor),
  );

  app.get(
    c["books.get"].path,
    {
      schema: {
        ...operation("books.get"),
        params: c["books.get"].params,
        response: { 200: c["books.get"].response, ...errors },
      },
    },
    async (request) => service.getBook(request.params.id, VISITOR),
  );

  app.get(
    c["books.chapters"].path,
    {
      schema: {
        ...operation("books.chapters"),
        params: c["books.chapters"].params,
        querystring: c["books.chapters"].querystring,
        response: { 200: c["books.chapters"].response, ...errors },
      },
    },
    async (request) => service.listChapters(request.params.id, request.query.cursor, VISITOR),
  );

  app.get(
    c["genres.list"].path,
    { schema: { ...operation("genres.list"), response: { 200: c["genres.list"].response } } },
    async () => ({ items: await service.listGenres() }),
  );

  app.get(
    c["categories.list"].path,
    { schema: { ...operation("categories.list"), response: { 200: c["categories.list"].response } } },
    async () => ({ items: await service.listCategories(VISITOR) }),
  );
};
