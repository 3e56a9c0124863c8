import type { Kysely } from "kysely";
import type { DialectName } from "../dialect";
import * as initialSchema from "./2026-11-21-01-initial-schema";
import * as accounts from "./2026-11-21-02-accounts";
import * as socialOnboardingDeletion from "./2026-11-21-03-social-onboarding-deletion";
import * as bookContent from "./2026-11-21-04-book-content";

export interface DialectMigration {
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
  down?(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
}

/** Append-only, in order. Never edit a migration that has landed on main: add a new one. */
export const migrations: Record<string, DialectMigration> = {
  "2026-11-21-01-initial-schema": initialSchema,
  "2026-11-21-02-accounts": accounts,
  "2026-11-21-03-social-onboarding-deletion": socialOnboardingDeletion,
  "2026-11-21-04-book-content": bookContent,
};
