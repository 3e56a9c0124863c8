import type { Kysely } from "kysely";
import type { DialectName } from "../dialect";

/**
 * Native push (issue 12): a registration is a browser's Web Push subscription (`webpush`, every row so
 * far) or a phone's device token for FCM or APNs. A device token is kept in `endpoint`, the address a
 * message goes to, whose UNIQUE already makes (kind, token) unique: a Web Push endpoint is an https URL,
 * which no device token is, and APNs tokens are hex while FCM tokens carry a ':'. Native rows have no
 * Web Push keys: `p256dh` and `auth` are "" in these NOT NULL columns.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable("push_registrations")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("webpush"))
    .execute();
}
