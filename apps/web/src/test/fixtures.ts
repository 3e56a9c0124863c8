import type { Annotation, Me, ReadingProgress } from "@quire/core";

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

/** A reader's place in book-1: halfway through chapter 2 unless told otherwise. */
export function makeProgress(overrides: Partial<ReadingProgress> = {}): ReadingProgress {
  return {
    userId: "user-1",
    bookId: "book-1",
    progress: 50,
    currentChapter: "chapter-2",
    lastReadAt: "2027-01-01T00:00:00.000Z",
    isRead: false,
    epubPosition: { anchorId: "chapter-2", offset: 0.5 },
    ...overrides,
  };
}

export function makeAnnotation(overrides: Partial<Annotation> = {}): Annotation {
  return {
    id: "a-1",
    bookId: "book-1",
    kind: "note",
    anchorId: "chapter-1",
    chapterName: "Chapter 1",
    start: 0,
    end: null,
    quote: null,
    color: null,
    note: null,
    textChanged: false,
    createdAt: "2027-01-01T00:00:00.000Z",
    updatedAt: "2027-01-01T00:00:00.000Z",
    ...overrides,
  };
}
