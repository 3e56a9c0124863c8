import { annotationsContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { requireSessionFirst, requireViewer } from "../../shared/session";
import type { AnnotationsService } from "./annotations.service";

/** The signed-in reader's own bookmarks, highlights and notes; private, so never stored by a cache. */
export const annotationsRoutes: FastifyPluginAsyncZod<{ service: AnnotationsService }> = async (app, { service }) => {
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });
  app.addHook("preValidation", requireSessionFirst("notLoggedIn"));
  const viewerId = (request: Parameters<typeof requireViewer>[0]) => requireViewer(request, "notLoggedIn").userId;

  route(app, c["annotations.list"], async (request) => ({
    items: await service.list(viewerId(request), request.params.id),
  }));
  route(app, c["annotations.create"], async (request) =>
    service.create(viewerId(request), request.params.id, request.body),
  );
  route(app, c["annotations.update"], async (request) =>
    service.update(viewerId(request), request.params.id, request.body),
  );
  route(app, c["annotations.delete"], async (request) => {
    await service.remove(viewerId(request), request.params.id);
  });
  route(app, c["me.annotationsExport"], async (request, reply) => {
    const { format } = request.query;
    const file = await service.export(viewerId(request), format);
    const name = `quire-highlights.${format === "json" ? "json" : "md"}`;
    return reply
      .header("content-type", file.contentType)
      .header("content-disposition", `attachment; filename="${name}"`)
      .send(file.body);
  });
};
