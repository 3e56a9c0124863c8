import { ApiErrorBodySchema, readingActivityContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operation } from "../../openapi-operation";
import type { ReadingActivityService } from "./reading-activity.service";

/** Not in the public read cache: hiding one's activity must take effect at once, for visitors too. */
export const readingActivityRoutes: FastifyPluginAsyncZod<{ service: ReadingActivityService }> = async (
  app,
  { service },
) => {
  const reading = c["users.reading"];
  app.get(
    reading.path,
    {
      schema: {
        ...operation("users.reading"),
        params: reading.params,
        response: { 200: reading.response, 400: ApiErrorBodySchema, 404: ApiErrorBodySchema },
      },
    },
    async (request) => service.of(request.viewer?.userId, request.params.id),
  );
};
