import type { Kysely } from "kysely";
import type { DialectName } from "../dialect";

/**
 * Attribution (issue 14): who referred a user, set at most once inside the creating transaction so a
 * referral counts once; and the campaign and referrer a Google or Apple sign-in flow started with,
 * because Apple's cross-site form post comes back without the visitor's Lax cookies.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable("users").addColumn("referred_by", "text").execute();
  await db.schema.alterTable("social_sign_in_flows").addColumn("utm", "text").execute();
  await db.schema.alterTable("social_sign_in_flows").addColumn("referrer", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("social_sign_in_flows").dropColumn("referrer").execute();
  await db.schema.alterTable("social_sign_in_flows").dropColumn("utm").execute();
  await db.schema.alterTable("users").dropColumn("referred_by").execute();
}
