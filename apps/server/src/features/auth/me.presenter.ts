import { type Me, type OnboardingStep, type Role, SYSTEM_LISTS, type SystemList, type Utm } from "@quire/core";
import { fromBool, parseJson } from "../../db/json";
import type { UserRow } from "../../db/schema";
import { presentPublicUser } from "../users";

/** The signed-in user's own profile: the public face plus email, consents, attribution and lists. */
export function presentMe(row: UserRow, lists: { list: string; bookId: string }[]): Me {
  const systemLists = Object.fromEntries(SYSTEM_LISTS.map((list) => [list, [] as string[]])) as Record<
    SystemList,
    string[]
  >;
  for (const entry of lists) systemLists[entry.list as SystemList]?.push(entry.bookId);
  return {
    ...presentPublicUser(row),
    roles: parseJson<Role[]>(row.roles, ["reader"]),
    email: row.email,
    updatedAt: row.updatedAt,
    signUpForBeta: fromBool(row.signUpForBeta),
    acceptedTerms: fromBool(row.acceptedTerms),
    acceptedTracking: fromBool(row.acceptedTracking),
    emailVerified: fromBool(row.emailVerified),
    nReferredUsers: row.nReferredUsers,
    searchUserId: row.searchUserId,
    utm: parseJson<Utm | null>(row.utm, null),
    systemLists,
    favouriteGenres: parseJson<string[]>(row.favouriteGenres, []),
    onboarding: {
      completedSteps: parseJson<OnboardingStep[]>(row.onboardingSteps, []),
      finished: row.onboardedAt !== null,
    },
    readingActivityPublic: fromBool(row.readingActivityPublic),
  };
}
