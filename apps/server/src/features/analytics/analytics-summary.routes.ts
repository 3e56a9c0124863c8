import { analyticsSummaryContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { requireViewer } from "../../shared/session";
import { summaryCsv } from "./analytics-summary.csv";
import type { AnalyticsSummaryService } from "./analytics-summary.service";

/** The admin dashboard's figures, as JSON and as a CSV download. Visitors get 401, other readers 403. */
export const analyticsSummaryRoutes: FastifyPluginAsyncZod<{ service: AnalyticsSummaryService }> = async (
  app,
  { service },
) => {
  // Before validation, so a reader who is not an administrator learns nothing from a malformed range either.
  app.addHook("preValidation", async (request) => {
    await service.requireAdmin(requireViewer(request, "notLoggedIn").userId);
  });

  route(app, c["admin.analyticsSummary"], async (request) => service.summary(request.query));

  route(app, c["admin.analyticsSummaryCsv"], async (request, reply) => {
    const { from, to } = request.query;
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="quire-analytics-${from}-to-${to}.csv"`)
      .header("cache-control", "private, no-store")
      .send(summaryCsv(await service.summary(request.query)));
  });
};
