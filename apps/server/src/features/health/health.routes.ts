import { catalogContract } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import type { DatabaseHandle } from "../../db/database";
import { QUIRE_VERSION } from "../../version";

/** Liveness plus a real round trip to the database, so a load balancer sees a broken connection. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  const health = catalogContract.health;
  app.get(
    health.path,
    { schema: { operationId: "health", tags: ["health"], response: { 200: health.response } } },
    async () => {
      await sql`select 1`.execute(database.db);
      return { status: "ok" as const, database: database.dialect, version: QUIRE_VERSION };
    },
  );
};
