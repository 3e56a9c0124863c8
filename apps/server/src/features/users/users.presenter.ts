import type { PublicUser, Role } from "@quire/core";
import { parseJson } from "../../db/json";
import type { UserRow } from "../../db/schema";

/** The public face of a user: never the email, consents or attribution. */
export function presentPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    roles: parseJson<Role[]>(row.roles, ["reader"]),
    social: parseJson(row.social, {}),
    createdAt: row.createdAt,
    avatarUrl: row.avatarUrl,
    coverUrl: row.coverUrl,
    description: row.description,
    location: row.location,
    nFollowing: row.nFollowing,
    nFollowers: row.nFollowers,
    interactionScore: row.interactionScore,
  };
}
