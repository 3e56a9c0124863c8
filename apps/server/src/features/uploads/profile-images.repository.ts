import type { ProfileImageKind } from "@quire/core";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

const COLUMN = { avatar: "avatarUrl", cover: "coverUrl" } as const satisfies Record<ProfileImageKind, string>;

export class ProfileImagesRepository {
  constructor(readonly db: Kysely<Database>) {}

  /**
   * Points the profile at a new image and says which URL it replaced (null for none), or undefined
   * when the user does not exist.
   */
  async replaceUrl(
    userId: string,
    kind: ProfileImageKind,
    url: string,
    now: string,
  ): Promise<{ previous: string | null } | undefined> {
    const column = COLUMN[kind];
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom("users").select(column).where("id", "=", userId).executeTakeFirst();
      if (!row) return undefined;
      await trx
        .updateTable("users")
        .set({ [column]: url, updatedAt: now })
        .where("id", "=", userId)
        .execute();
      return { previous: row[column] };
    });
  }
}
