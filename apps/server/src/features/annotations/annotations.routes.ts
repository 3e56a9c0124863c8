import { ApiErrorBodySchema, annotationsContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { operation } from "../../openapi-operation";
import { requireSessionFirst, requireViewer } from "../auth/session";
import type { AnnotationsService } from "./annotations.service";

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
  412: ApiErrorBodySchema,
  429: ApiErrorBodySchema,
};

/** The signed-in reader's own bookmarks, highlights and notes; private, so never stored by a cache. */
export const annotationsRoutes: FastifyPluginAsyncZod<{ service: AnnotationsService }> = async (app, { service }) => {
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });
  app.addHook("preValidation", requireSessionFirst("notLoggedIn"));
  const viewerId = (request: Parameters<typeof requireViewer>[0]) => requireViewer(request, "notLoggedIn").userId;

  app.get(
    c["annotations.list"].path,
    {
      schema: {
        ...operation("annotations.list"),
        params: c["annotations.list"].params,
        response: { 200: c["annotations.list"].response, ...errors },
      },
    },
    async (request) => ({ items: await service.list(viewerId(request), request.params.id) }),
  );

  app.post(
    c["annotations.create"].path,
    {
      schema: {
        ...operation("annotations.create"),
        params: c["annotations.create"].params,
        body: c["annotations.create"].body,
        response: { 201: c["annotations.create"].response, ...errors },
      },
    },
    async (request, reply) => {
      const annotation = await service.create(viewerId(request), request.params.id, request.body);
      return reply.code(201).send(annotation);
    },
  );

  app.patch(
    c["annotations.update"].path,
    {
      schema: {
        ...operation("annotations.update"),
        params: c["annotations.update"].params,
        body: c["annotations.update"].body,
        response: { 200: c["annotations.update"].response, ...errors },
      },
    },
    async (request) => service.update(viewerId(request), request.params.id, request.body),
  );

  app.delete(
    c["annotations.delete"].path,
    {
      schema: {
        ...operation("annotations.delete"),
        params: c["annotations.delete"].params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(viewerId(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    c["me.annotationsExport"].path,
    {
      schema: {
        ...operation("me.annotationsExport"),
        querystring: c["me.annotationsExport"].querystring,
        response: { 200: c["me.annotationsExport"].response, ...errors },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const file = await service.export(viewerId(request), format);
      const name = `quire-highlights.${format === "json" ? "json" : "md"}`;
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", `attachment; filename="${name}"`)
        .send(file.body);
    },
  );
};
