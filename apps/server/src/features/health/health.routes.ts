import { catalogContract } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import type { DatabaseHandle } from "../../db/database";
import { route } from "../../http/route";
import { QUIRE_VERSION } from "../../version";

/** Liveness plus a real round trip to the database, so a load balancer sees a broken connection. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  route(app, catalogContract.health, async () => {
    await sql`select 1`.execute(database.db);
    return { status: "ok" as const, database: database.dialect, version: QUIRE_VERSION };
  });
};
