import type { Me } from "@quire/core";

export function makeMe(overrides: Partial<Me> = {}): Me {
  return {
    id: "user-1",
    firstName: "Ada",
    lastName: "Lovelace",
    username: "ada12345",
    email: "ada@example.com",
    roles: ["reader"],
    signUpForBeta: false,
    social: {},
    createdAt: "2026-01-02T10:00:00.000Z",
    updatedAt: "2026-01-02T10:00:00.000Z",
    avatarUrl: null,
    coverUrl: null,
    description: "",
    location: null,
    nFollowing: 0,
    nFollowers: 0,
    acceptedTerms: true,
    acceptedTracking: false,
    emailVerified: true,
    nReferredUsers: 0,
    searchUserId: "search-1",
    utm: null,
    systemLists: { "want-to-read": [], reading: [], finished: [] },
    interactionScore: 0,
    favouriteGenres: [],
    onboarding: { completedSteps: [], finished: true },
    readingActivityPublic: true,
    ...overrides,
  };
}
