import { AppError, type PublicProfile, RECENT_USERS_COUNT, SUGGESTED_FOLLOWS_COUNT } from "@quire/core";
import { presentPublicProfile } from "./users.presenter";
import type { ProfileRow, UsersRepository } from "./users.repository";

/** Public profiles: one by username or id, the newest, and the people suggested to follow. */
export class UsersService {
  constructor(private readonly repository: UsersRepository) {}

  async byUsername(username: string): Promise<PublicProfile> {
    return found(await this.repository.findByUsername(username.toLowerCase()));
  }

  /** Bylines know authors by id; the web resolves an id to the profile's username through this. */
  async byId(id: string): Promise<PublicProfile> {
    return found(await this.repository.findById(id));
  }

  async newest(): Promise<PublicProfile[]> {
    return (await this.repository.newestUsers(RECENT_USERS_COUNT)).map(presentPublicProfile);
  }

  async suggestedFor(viewerId: string | undefined): Promise<PublicProfile[]> {
    return (await this.repository.suggestedFor(viewerId, SUGGESTED_FOLLOWS_COUNT)).map(presentPublicProfile);
  }
}

function found(row: ProfileRow | undefined): PublicProfile {
  if (!row) throw AppError.of("userNotFound");
  return presentPublicProfile(row);
}
