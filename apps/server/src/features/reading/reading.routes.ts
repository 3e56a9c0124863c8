import { readingContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { requireSessionFirst, requireViewer } from "../../shared/session";
import type { ReadingService } from "./reading.service";

/** The signed-in reader's own progress: there is no user id in these paths, so nobody reaches another's. */
export const readingRoutes: FastifyPluginAsyncZod<{ service: ReadingService }> = async (app, { service }) => {
  app.addHook("preValidation", requireSessionFirst("notLoggedIn"));
  const viewerId = (request: Parameters<typeof requireViewer>[0]) => requireViewer(request, "notLoggedIn").userId;

  route(app, c["progress.get"], async (request) => service.getProgress(viewerId(request), request.params.id));
  route(app, c["progress.put"], async (request) =>
    service.putBookProgress(viewerId(request), request.params.id, request.body),
  );
  route(app, c["progress.putChapter"], async (request) =>
    service.putChapterProgress(viewerId(request), request.params.id, request.params.anchorId, request.body),
  );
  route(app, c["progress.finish"], async (request) =>
    service.finish(viewerId(request), request.params.id, request.body?.readAt),
  );
  route(app, c["progress.startOver"], async (request) =>
    service.startOver(viewerId(request), request.params.id, request.body?.readAt),
  );
  route(app, c["me.progress"], async (request) => service.continueReading(viewerId(request)));
};
