import { ApiErrorBodySchema, readingContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operation } from "../../openapi-operation";
import { requireSessionFirst, requireViewer } from "../auth/session";
import type { ReadingService } from "./reading.service";

const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
  412: ApiErrorBodySchema,
  500: ApiErrorBodySchema,
};

/** The signed-in reader's own progress: there is no user id in these paths, so nobody reaches another's. */
export const readingRoutes: FastifyPluginAsyncZod<{ service: ReadingService }> = async (app, { service }) => {
  app.addHook("preValidation", requireSessionFirst("notLoggedIn"));
  app.get(
    c["progress.get"].path,
    {
      schema: {
        ...operation("progress.get"),
        params: c["progress.get"].params,
        response: { 200: c["progress.get"].response, ...errors },
      },
    },
    async (request) => service.getProgress(requireViewer(request, "notLoggedIn").userId, request.params.id),
  );

  app.put(
    c["progress.put"].path,
    {
      schema: {
        ...operation("progress.put"),
        params: c["progress.put"].params,
        body: c["progress.put"].body,
        response: { 200: c["progress.put"].response, ...errors },
      },
    },
    async (request) =>
      service.putBookProgress(requireViewer(request, "notLoggedIn").userId, request.params.id, request.body),
  );

  app.put(
    c["progress.putChapter"].path,
    {
      schema: {
        ...operation("progress.putChapter"),
        params: c["progress.putChapter"].params,
        body: c["progress.putChapter"].body,
        response: { 200: c["progress.putChapter"].response, ...errors },
      },
    },
    async (request) =>
      service.putChapterProgress(
        requireViewer(request, "notLoggedIn").userId,
        request.params.id,
        request.params.anchorId,
        request.body,
      ),
  );

  for (const action of ["progress.finish", "progress.startOver"] as const) {
    app.post(
      c[action].path,
      {
        schema: {
          ...operation(action),
          params: c[action].params,
          body: c[action].body,
          response: { 200: c[action].response, ...errors },
        },
      },
      async (request) => {
        const userId = requireViewer(request, "notLoggedIn").userId;
        const readAt = request.body?.readAt;
        return action === "progress.finish"
          ? service.finish(userId, request.params.id, readAt)
          : service.startOver(userId, request.params.id, readAt);
      },
    );
  }

  app.get(
    c["me.progress"].path,
    { schema: { ...operation("me.progress"), response: { 200: c["me.progress"].response, ...errors } } },
    async (request) => service.continueReading(requireViewer(request, "notLoggedIn").userId),
  );
};
