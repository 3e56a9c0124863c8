import type { PublicProfile, PublicUser, Role } from "@quire/core";
import { parseJson } from "../../db/json";
import type { UserRow } from "../../db/schema";
import type { ProfileRow } from "./users.repository";

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
    location: row.location || null,
    nFollowing: row.nFollowing,
    nFollowers: row.nFollowers,
    interactionScore: row.interactionScore,
  };
}

/** A public user as the users routes list them: authors also show how many distinct users read their books. */
export function presentPublicProfile(row: ProfileRow): PublicProfile {
  return {
    ...presentPublicUser(row),
    author: row.authorReaders === null ? null : { nReaders: row.authorReaders },
  };
}
