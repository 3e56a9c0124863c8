import type { Kysely, Transaction, Updateable } from "kysely";
import type { Database, UsersTable } from "../../db/schema";

/** The rows a user's own profile edits and onboarding answers change, one transaction per edit. */
export class ProfileEditingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** How many of these (distinct) ids name a genre. */
  async knownGenres(trx: Transaction<Database>, genreIds: string[]): Promise<number> {
    return (await trx.selectFrom("genres").select("id").where("id", "in", genreIds).execute()).length;
  }

  /** How many of these (distinct) ids name a user. */
  async knownUsers(trx: Transaction<Database>, userIds: string[]): Promise<number> {
    return (await trx.selectFrom("users").select("id").where("id", "in", userIds).execute()).length;
  }

  async update(trx: Transaction<Database>, userId: string, changes: Updateable<UsersTable>): Promise<void> {
    await trx.updateTable("users").set(changes).where("id", "=", userId).execute();
  }

  async onboarding(trx: Transaction<Database>, userId: string) {
    return trx
      .selectFrom("users")
      .select(["firstName", "acceptedTerms", "onboardingSteps", "onboardedAt"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
  }
}
