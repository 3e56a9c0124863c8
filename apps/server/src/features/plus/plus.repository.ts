import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { keysetPage } from "../../db/keyset";
import type { Database } from "../../db/schema";
import type { RatesTable } from "./rates";

export class PlusRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The newest imported table, or undefined when none was imported. */
  async latestRates(): Promise<RatesTable | undefined> {
    const row = await this.db
      .selectFrom("exchangeRateTables")
      .select(["ratesDate", "rates"])
      .orderBy("importedAt", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return row ? { date: row.ratesDate, rates: JSON.parse(row.rates) as Record<string, number> } : undefined;
  }

  async saveRates(table: RatesTable, importedAt: Date): Promise<void> {
    await this.db
      .insertInto("exchangeRateTables")
      .values({
        id: randomUUID(),
        ratesDate: table.date,
        rates: JSON.stringify(table.rates),
        importedAt: importedAt.toISOString(),
      })
      .execute();
  }

  /** Readers who asked to join the beta, newest accounts first. */
  async betaSignups(cursor: string | undefined, limit: number) {
    const query = this.db
      .selectFrom("users")
      .select(["id", "username", "email", "createdAt"])
      .where("signUpForBeta", "=", 1);
    return keysetPage(query, {
      cursor,
      sort: "createdAt",
      id: "id",
      direction: "desc",
      limit,
      keyOf: (row) => [row.createdAt, row.id],
      foreign: "refuse",
    });
  }
}
