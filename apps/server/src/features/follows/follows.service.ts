import { AppError, type FollowState, type Page, type PublicUser, SOCIAL_PAGE_SIZE } from "@quire/core";
import type { Kysely } from "kysely";
import { retryingTransaction } from "../../db/retrying-transaction";
import type { Database } from "../../db/schema";
import { presentPublicUser } from "../users";
import { followAndAnnounce } from "./follow-and-announce";
import { followsRepository } from "./follows.repository";

export class FollowsService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clock: () => Date;
      /** Called after a commit that wrote a user event, so the worker delivers it without waiting for its tick. */
      onEventsWritten: () => void;
      /** Clears the public read cache, whose profiles and follower lists show the counts a follow changes. */
      onPublicChange: () => void;
    },
  ) {}

  /** Idempotent: following twice keeps one edge, one count and one 'new follower' event (one a day, however often toggled). */
  async follow(viewerId: string, followeeId: string): Promise<FollowState> {
    if (viewerId === followeeId) throw AppError.of("cannotFollowSelf");
    const now = this.deps.clock().toISOString();
    const created = await retryingTransaction(this.deps.db, async (trx) => {
      if (!(await followsRepository.namesOf(trx, followeeId))) throw AppError.of("userNotFound");
      return followAndAnnounce(trx, viewerId, followeeId, now);
    });
    if (created) this.deps.onEventsWritten();
    this.deps.onPublicChange();
    return this.stateOf(viewerId, followeeId);
  }

  async unfollow(viewerId: string, followeeId: string): Promise<FollowState> {
    if (viewerId === followeeId) throw AppError.of("cannotFollowSelf");
    await retryingTransaction(this.deps.db, async (trx) => {
      if (!(await followsRepository.namesOf(trx, followeeId))) throw AppError.of("userNotFound");
      await followsRepository.unfollow(trx, viewerId, followeeId);
    });
    this.deps.onPublicChange();
    return this.stateOf(viewerId, followeeId);
  }

  async list(
    direction: "followers" | "following",
    userId: string,
    cursor: string | undefined,
  ): Promise<Page<PublicUser>> {
    if (!(await followsRepository.namesOf(this.deps.db, userId))) throw AppError.of("userNotFound");
    const page = await followsRepository.page(this.deps.db, direction, userId, cursor, SOCIAL_PAGE_SIZE);
    return { items: page.items.map(presentPublicUser), nextCursor: page.nextCursor };
  }

  async state(viewerId: string, followeeId: string): Promise<FollowState> {
    if (!(await followsRepository.namesOf(this.deps.db, followeeId))) throw AppError.of("userNotFound");
    return this.stateOf(viewerId, followeeId);
  }

  private async stateOf(viewerId: string, followeeId: string): Promise<FollowState> {
    const [following, nFollowers] = await Promise.all([
      followsRepository.isFollowing(this.deps.db, viewerId, followeeId),
      followsRepository.followerCount(this.deps.db, followeeId),
    ]);
    return { following, nFollowers };
  }
}
