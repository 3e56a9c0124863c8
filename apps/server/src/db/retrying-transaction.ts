import { TRANSACTION_MAX_ATTEMPTS } from "@quire/core";
import type { Kysely, Transaction } from "kysely";

/** PostgreSQL's serialization_failure and deadlock_detected: the transaction did nothing and may simply run again. */
const RETRYABLE_CODES = new Set(["40001", "40P01"]);

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && RETRYABLE_CODES.has(code);
}

/**
 * Runs `work` in a transaction, again (up to SPEC §9's TRANSACTION_MAX_ATTEMPTS in all) when PostgreSQL
 * aborts it as a deadlock victim or a serialization failure. SQLite never raises these: its writes
 * are serialised by BEGIN IMMEDIATE. `work` must not have effects outside the database.
 */
export async function retryingTransaction<DB, T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= TRANSACTION_MAX_ATTEMPTS || !isRetryable(error)) throw error;
      // A short random pause keeps two victims of the same deadlock from meeting again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
