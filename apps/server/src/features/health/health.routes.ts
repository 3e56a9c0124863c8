import { catalogContract } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { QUIRE_VERSION } from "../../version";
import type { HealthRepository } from "./health.repository";

/** Liveness plus a real round trip to the database, so a load balancer sees a broken connection. */
export const healthRoutes: FastifyPluginAsyncZod<{ repository: HealthRepository }> = async (app, { repository }) => {
  route(app, catalogContract.health, async () => ({
    status: "ok" as const,
    database: await repository.ping(),
    version: QUIRE_VERSION,
  }));
};
