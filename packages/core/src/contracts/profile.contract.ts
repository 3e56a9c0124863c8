import { z } from "zod";
import { API_PATHS as P } from "../api-paths";
import { IdSchema } from "../domain/common";
import { ChosenUsernameSchema, PublicProfileSchema, SocialLinksInputSchema } from "../domain/user";
import { pageSchema } from "../pagination";
import type { OnboardingStep } from "../rules/onboarding";
import { MeSchema } from "./auth.contract";
import { BookSummarySchema, CursorQuerySchema } from "./catalog.contract";
import { defineContract } from "./define-contract";

const NameSchema = z.string().trim().max(100);

/** What a user edits of their own profile; every field optional, absent means unchanged. */
export const ProfileUpdateSchema = z
  .object({
    firstName: NameSchema,
    lastName: NameSchema,
    username: ChosenUsernameSchema,
    description: z.string().trim().max(2000),
    /** Empty clears it. */
    location: z.string().trim().max(200),
    social: SocialLinksInputSchema,
    acceptedTracking: z.boolean(),
    signUpForBeta: z.boolean(),
    readingActivityPublic: z.boolean(),
  })
  .partial()
  .strict();
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

export const FAVOURITE_GENRES_MAX = 10;
/** An author's books on their profile, served this many at a time. */
export const AUTHOR_BOOKS_PAGE_SIZE = 20;
export const ONBOARDING_FOLLOWS_MAX = 20;

/** Each onboarding step's answer, by step name in the path (`POST /api/v1/me/onboarding/{step}`). */
export const OnboardingAnswerSchemas = {
  "first-name": z.object({
    firstName: NameSchema.min(1, "Tell us your first name."),
    lastName: NameSchema.default(""),
  }),
  username: z.object({ username: ChosenUsernameSchema }),
  terms: z.object({ acceptedTerms: z.literal(true, "acceptedTerms must be true"), acceptedTracking: z.boolean() }),
  genres: z.object({ genreIds: z.array(IdSchema).max(FAVOURITE_GENRES_MAX) }),
  follow: z.object({ userIds: z.array(IdSchema).max(ONBOARDING_FOLLOWS_MAX) }),
} as const satisfies Record<OnboardingStep, z.ZodType>;
export type OnboardingAnswer<S extends OnboardingStep> = z.input<(typeof OnboardingAnswerSchemas)[S]>;

const MeResponseSchema = z.object({ user: MeSchema });
const UserIdParamsSchema = z.object({ id: IdSchema });
const PROFILE_ERRORS = [400, 401, 404, 409] as const;

/** One documented operation per step, so each has its exact body schema. */
function onboardingOperation<S extends OnboardingStep>(step: S) {
  return {
    method: "POST" as const,
    path: P["me.onboarding"].replace(":step", step),
    body: OnboardingAnswerSchemas[step],
    response: MeResponseSchema,
    errors: PROFILE_ERRORS,
  };
}

/** Any step's answer, once its own route has validated it. */
export type AnyOnboardingAnswer = z.output<(typeof OnboardingAnswerSchemas)[OnboardingStep]>;

export const profileContract = defineContract({
  "me.update": {
    method: "PATCH",
    path: P["me.update"],
    body: ProfileUpdateSchema,
    response: MeResponseSchema,
    errors: PROFILE_ERRORS,
  },
  "me.onboarding.first-name": onboardingOperation("first-name"),
  "me.onboarding.username": onboardingOperation("username"),
  "me.onboarding.terms": onboardingOperation("terms"),
  "me.onboarding.genres": onboardingOperation("genres"),
  "me.onboarding.follow": onboardingOperation("follow"),
  "users.suggested": {
    method: "GET",
    path: P["users.suggested"],
    response: z.object({ items: z.array(PublicProfileSchema) }),
  },
  "users.get": {
    method: "GET",
    path: P["users.get"],
    params: UserIdParamsSchema,
    response: z.object({ user: PublicProfileSchema }),
    errors: [400, 404],
  },
  /** An author's launched books (newest launch first), then their scheduled ones (soonest first). */
  "users.books": {
    method: "GET",
    path: P["users.books"],
    params: UserIdParamsSchema,
    querystring: CursorQuerySchema,
    response: pageSchema(BookSummarySchema),
    errors: [400, 404],
  },
});
