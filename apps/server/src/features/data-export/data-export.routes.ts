import { AppError, exportContract as c, DATA_EXPORTS_PER_HOUR } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { perUserRateLimit } from "../../infra/per-user-rate-limit";
import { requireSessionFirst, requireViewer } from "../../shared/session";
import type { DataExportService } from "./data-export.service";

/** Each export builds every authored book's EPUB, so one reader gets a few an hour, told so in plain words. */
const limit = perUserRateLimit(DATA_EXPORTS_PER_HOUR, "1 hour");
const exportLimit = {
  rateLimit: {
    ...limit.rateLimit,
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) => {
      const retryAfterSeconds = Math.ceil(context.ttl / 1000);
      return new AppError(
        "resource-exhausted",
        `You can download your data ${DATA_EXPORTS_PER_HOUR} times an hour. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
        { details: { retryAfterSeconds } },
      );
    },
  },
};

export const dataExportRoutes: FastifyPluginAsyncZod<{ service: DataExportService }> = async (app, { service }) => {
  app.addHook("preValidation", requireSessionFirst("notLoggedIn"));

  route(app, c["me.export"], { config: exportLimit }, async (request, reply) => {
    const file = await service.export(requireViewer(request, "notLoggedIn").userId);
    return reply
      .header("content-type", "application/zip")
      .header("content-disposition", `attachment; filename="${file.fileName}"`)
      .header("cache-control", "private, no-store")
      .send(Buffer.from(file.bytes));
  });
};
