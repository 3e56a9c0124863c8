import { AppError } from "@quire/core";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { UsersRepository } from "../users";
import { rolesOf } from "./studio.repository";

export interface GrantResult {
  userId: string;
  roles: string[];
  /** False when the user was an administrator already. */
  changed: boolean;
}

/**
 * `quire admin grant <email>`: adds the admin role to the account with this email. There is no
 * web route for it on purpose: whoever runs the server decides who administers it.
 */
export async function grantAdmin(db: Kysely<Database>, email: string, now: Date): Promise<GrantResult> {
  const users = new UsersRepository(db);
  const user = await users.findByEmail(email);
  if (!user) throw AppError.of("unknownEmail");
  const roles = rolesOf(user.roles);
  if (roles.includes("admin")) return { userId: user.id, roles, changed: false };
  const granted = [...roles, "admin"];
  await users.setRoles(user.id, granted, now.toISOString());
  return { userId: user.id, roles: granted, changed: true };
}

/** The `admin` command's arguments: `grant <email>`. Answers the exit code. */
export async function runAdminCommand(db: Kysely<Database>, args: string[], now: Date): Promise<number> {
  const [action, email] = args;
  if (action !== "grant" || !email) {
    console.error("Usage: quire admin grant <email>");
    return 1;
  }
  try {
    const result = await grantAdmin(db, email, now);
    console.log(result.changed ? `${email} is now an administrator.` : `${email} was already an administrator.`);
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(error.message);
    return 1;
  }
}
