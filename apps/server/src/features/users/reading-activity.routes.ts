import { readingActivityContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import type { ReadingActivityService } from "./reading-activity.service";

/** Not in the public read cache: hiding one's activity must take effect at once, for visitors too. */
export const readingActivityRoutes: FastifyPluginAsyncZod<{ service: ReadingActivityService }> = async (
  app,
  { service },
) => {
  route(app, c["users.reading"], async (request) => service.of(request.viewer?.userId, request.params.id));
};
