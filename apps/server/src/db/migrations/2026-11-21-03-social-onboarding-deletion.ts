import { type Kysely, sql } from "kysely";

/**
 * Social sign-in, onboarding and account deletion.
 * - `social_accounts` links a provider's subject (Google, Apple) to a Quire user.
 * - `social_sign_in_flows` holds one OpenID Connect round trip (state, PKCE verifier, nonce) until its callback.
 * - Users gain their favourite genres and onboarding progress; accounts that exist already count as onboarded.
 * - Deletion requests outlive the user they delete (status `used`), so they no longer cascade from `users`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("social_accounts")
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("email", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("social_accounts_pk", ["provider", "subject"])
    .execute();
  await db.schema.createIndex("social_accounts_user_idx").on("social_accounts").columns(["user_id"]).execute();

  await db.schema
    .createTable("social_sign_in_flows")
    .addColumn("state_hash", "text", (c) => c.primaryKey().notNull())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("code_verifier", "text", (c) => c.notNull())
    .addColumn("nonce", "text", (c) => c.notNull())
    .addColumn("return_to", "text", (c) => c.notNull())
    .addColumn("native", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable("users")
    .addColumn("favourite_genres", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("onboarding_steps", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema.alterTable("users").addColumn("onboarded_at", "text").execute();
  await sql`update users set onboarded_at = created_at`.execute(db);

  await db.schema.dropTable("account_deletion_requests").execute();
  await db.schema
    .createTable("account_deletion_requests")
    .addColumn("user_id", "text", (c) => c.primaryKey().notNull())
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("account_deletion_requests_token_idx")
    .on("account_deletion_requests")
    .columns(["token_hash"])
    .execute();
}
