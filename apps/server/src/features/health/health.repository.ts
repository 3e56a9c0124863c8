import { sql } from "kysely";
import type { DatabaseHandle } from "../../db/database";

export class HealthRepository {
  constructor(private readonly database: DatabaseHandle) {}

  /** A real round trip, so a load balancer sees a broken connection; answers the dialect that served it. */
  async ping(): Promise<DatabaseHandle["dialect"]> {
    await sql`select 1`.execute(this.database.db);
    return this.database.dialect;
  }
}
