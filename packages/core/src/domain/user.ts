import { z } from "zod";
import { ONBOARDING_STEPS } from "../rules/onboarding";
import { CampaignCookieSchema } from "./campaign";
import { IdSchema, TimestampSchema, UrlOrPathSchema } from "./common";

export const ROLES = ["reader", "author", "admin"] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const SYSTEM_LISTS = ["want-to-read", "reading", "finished"] as const;
export const SystemListSchema = z.enum(SYSTEM_LISTS);
export type SystemList = z.infer<typeof SystemListSchema>;

/** Where a user came from: the campaign cookie they carried at sign-up. */
export const UtmSchema = CampaignCookieSchema;
export type Utm = z.infer<typeof UtmSchema>;

export const SocialLinksSchema = z.object({
  instagram: z.string().max(64).optional(),
  x: z.string().max(64).optional(),
});

/** Handles as people type them on Instagram and X, stored without the @. */
const HandleInputSchema = z
  .string()
  .trim()
  .max(64)
  .transform((handle) => handle.replace(/^@/, ""))
  .refine((handle) => /^[A-Za-z0-9._]*$/.test(handle), "Use letters, digits, dots and underscores only.");
export const SocialLinksInputSchema = z.object({
  instagram: HandleInputSchema.optional(),
  x: HandleInputSchema.optional(),
});

/** A username people choose: what generated ones look like, and nothing that could pass for a path. */
export const USERNAME_PATTERN = /^[a-z0-9](?:[a-z0-9_.]{1,38}[a-z0-9_])$/;
export const ChosenUsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    USERNAME_PATTERN,
    "Use 3 to 40 lowercase letters, digits, dots or underscores, starting with a letter or digit.",
  );

export const OnboardingStepSchema = z.enum(ONBOARDING_STEPS);
export const OnboardingStateSchema = z.object({
  completedSteps: z.array(OnboardingStepSchema),
  finished: z.boolean(),
});

export const UserSchema = z
  .object({
    id: IdSchema,
    firstName: z.string().max(100),
    lastName: z.string().max(100),
    username: z.string().min(1).max(40),
    email: z.email(),
    roles: z.array(RoleSchema),
    signUpForBeta: z.boolean(),
    social: SocialLinksSchema,
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    avatarUrl: UrlOrPathSchema.nullable(),
    coverUrl: UrlOrPathSchema.nullable(),
    description: z.string().max(2000),
    /** Null until the user says where they are: SPEC §3's placeholder city is never shown as anyone's place. */
    location: z.string().max(200).nullable(),
    nFollowing: z.number().int().nonnegative(),
    nFollowers: z.number().int().nonnegative(),
    acceptedTerms: z.boolean(),
    acceptedTracking: z.boolean(),
    emailVerified: z.boolean(),
    nReferredUsers: z.number().int().nonnegative(),
    /** SPEC's algoliaUserId: a random id given to the search provider instead of the real one. */
    searchUserId: z.string(),
    utm: UtmSchema.nullable(),
    systemLists: z.record(SystemListSchema, z.array(IdSchema)),
    interactionScore: z.number().nonnegative(),
    /** Genre ids chosen during onboarding. */
    favouriteGenres: z.array(IdSchema),
    onboarding: OnboardingStateSchema,
    /** Whether others see what they are reading, have finished and starred (profile and feed). */
    readingActivityPublic: z.boolean(),
  })
  .meta({ id: "User" });
export type User = z.infer<typeof UserSchema>;

/** What anyone may see of a user: never the email, consents or attribution. */
export const PublicUserSchema = UserSchema.pick({
  id: true,
  firstName: true,
  lastName: true,
  username: true,
  roles: true,
  social: true,
  createdAt: true,
  avatarUrl: true,
  coverUrl: true,
  description: true,
  location: true,
  nFollowing: true,
  nFollowers: true,
  interactionScore: true,
}).meta({ id: "PublicUser" });
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** SPEC's following/{id} and followers/{id} documents, one row per edge. */
export const FollowSchema = z
  .object({ followerId: IdSchema, followeeId: IdSchema, createdAt: TimestampSchema, updatedAt: TimestampSchema })
  .meta({ id: "Follow" });
export type Follow = z.infer<typeof FollowSchema>;

export const AuthorSchema = z
  .object({ id: IdSchema, name: z.string().min(1).max(200), nReaders: z.number().int().nonnegative() })
  .meta({ id: "Author" });
export type Author = z.infer<typeof AuthorSchema>;

/** A public user as the users routes show them: `author` is set only for authors, with their reader count. */
export const PublicProfileSchema = PublicUserSchema.extend({
  author: AuthorSchema.pick({ nReaders: true }).nullable(),
}).meta({ id: "PublicProfile" });
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

export const ACCOUNT_DELETION_STATUSES = ["pending", "used"] as const;
export const AccountDeletionRequestSchema = z
  .object({
    userId: IdSchema,
    /** Only a hash of the token is stored; the token itself travels by email. */
    tokenHash: z.string(),
    email: z.email(),
    status: z.enum(ACCOUNT_DELETION_STATUSES),
    expiresAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: "AccountDeletionRequest" });
export type AccountDeletionRequest = z.infer<typeof AccountDeletionRequestSchema>;
