import {
  type AnyOnboardingAnswer,
  AppError,
  type Me,
  nextOnboardingStep,
  ONBOARDING_STEPS,
  type OnboardingAnswerSchemas,
  type OnboardingStep,
  type ProfileUpdateSchema,
} from "@quire/core";
import type { Transaction, Updateable } from "kysely";
import type { z } from "zod";
import { isUniqueViolation } from "../../db/constraint-errors";
import { parseJson, toBool, toJson } from "../../db/json";
import type { Database, UsersTable } from "../../db/schema";
import type { ProfileEditingRepository } from "./profile-editing.repository";

type Answer<S extends OnboardingStep> = z.output<(typeof OnboardingAnswerSchemas)[S]>;

export interface ProfileEditingDependencies {
  repository: ProfileEditingRepository;
  clock: () => Date;
  /** The signed-in user's full profile, as every `/me` answer presents it. */
  getMe: (userId: string) => Promise<Me>;
  /** Follows in the caller's transaction and announces a new follower once (the follows feature's rule). */
  follow: (trx: Transaction<Database>, followerId: string, followeeId: string, now: string) => Promise<boolean>;
  /** Clears the public read cache: profiles are shared by everyone, the editor included. */
  onPublicChange: () => void;
}

/** A user editing their own profile, directly or one onboarding step at a time. */
export class ProfileEditingService {
  constructor(private readonly deps: ProfileEditingDependencies) {}

  async update(userId: string, input: z.output<typeof ProfileUpdateSchema>): Promise<Me> {
    const { social, acceptedTracking, signUpForBeta, readingActivityPublic, ...plain } = input;
    const changes: Updateable<UsersTable> = { ...plain };
    if (social) changes.social = toJson(social);
    if (acceptedTracking !== undefined) changes.acceptedTracking = toBool(acceptedTracking);
    if (signUpForBeta !== undefined) changes.signUpForBeta = toBool(signUpForBeta);
    if (readingActivityPublic !== undefined) changes.readingActivityPublic = toBool(readingActivityPublic);
    await this.deps.repository.transaction((trx) => this.applyChanges(trx, userId, changes));
    this.deps.onPublicChange();
    return this.deps.getMe(userId);
  }

  /** Stores one step's answer and marks it done; the last step finishes onboarding for good. */
  async answer(userId: string, step: OnboardingStep, answer: AnyOnboardingAnswer): Promise<Me> {
    await this.deps.repository.transaction(async (trx) => {
      const now = this.deps.clock().toISOString();
      await this.applyChanges(trx, userId, await this.changesFor(trx, userId, step, answer, now));
      await this.markDone(trx, userId, step);
    });
    this.deps.onPublicChange();
    return this.deps.getMe(userId);
  }

  /** `answer` was validated by the step's own route schema, so each case may read it as that step's shape. */
  private async changesFor(
    trx: Transaction<Database>,
    userId: string,
    step: OnboardingStep,
    answer: AnyOnboardingAnswer,
    now: string,
  ): Promise<Updateable<UsersTable>> {
    switch (step) {
      case "first-name":
      case "username":
        return answer as Answer<"first-name" | "username">;
      case "terms":
        return { acceptedTerms: 1, acceptedTracking: toBool((answer as Answer<"terms">).acceptedTracking) };
      case "genres": {
        const genreIds = [...new Set((answer as Answer<"genres">).genreIds)];
        if (genreIds.length) {
          if ((await this.deps.repository.knownGenres(trx, genreIds)) !== genreIds.length) {
            throw AppError.of("unknownGenre");
          }
        }
        return { favouriteGenres: toJson(genreIds) };
      }
      case "follow": {
        const userIds = [...new Set((answer as Answer<"follow">).userIds)].filter((id) => id !== userId);
        if (userIds.length) {
          if ((await this.deps.repository.knownUsers(trx, userIds)) !== userIds.length) {
            throw AppError.of("userNotFound");
          }
        }
        for (const followeeId of userIds) await this.deps.follow(trx, userId, followeeId, now);
        return {};
      }
    }
    throw AppError.of("routeNotFound");
  }

  private async applyChanges(
    trx: Transaction<Database>,
    userId: string,
    changes: Updateable<UsersTable>,
  ): Promise<void> {
    try {
      await this.deps.repository.update(trx, userId, { ...changes, updatedAt: this.deps.clock().toISOString() });
    } catch (error) {
      if (changes.username !== undefined && isUniqueViolation(error)) throw AppError.of("usernameTaken");
      throw error;
    }
  }

  private async markDone(trx: Transaction<Database>, userId: string, step: OnboardingStep): Promise<void> {
    const row = await this.deps.repository.onboarding(trx, userId);
    const done = new Set(parseJson<OnboardingStep[]>(row.onboardingSteps, []));
    done.add(step);
    const completedSteps = ONBOARDING_STEPS.filter((s) => done.has(s));
    const finished =
      row.onboardedAt !== null ||
      nextOnboardingStep(
        { completedSteps, finished: false },
        { firstName: row.firstName, acceptedTerms: Boolean(row.acceptedTerms) },
      ) === null;
    await this.deps.repository.update(trx, userId, {
      onboardingSteps: toJson(completedSteps),
      onboardedAt: finished ? (row.onboardedAt ?? this.deps.clock().toISOString()) : null,
    });
  }
}
