import type {
  Annotation,
  BookData,
  BookDetail,
  BookSummary,
  BookViewerState,
  Me,
  PublicProfile,
  PublicUser,
  ReadingProgress,
} from "@quire/core";

/** Someone else as the API shows them; `username` follows the first name. */
export function makePublicUser(id: string, firstName: string, overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id,
    firstName,
    lastName: "Reed",
    username: firstName.toLowerCase(),
    roles: ["reader"],
    social: {},
    createdAt: "2026-01-01T00:00:00.000Z",
    avatarUrl: null,
    coverUrl: null,
    description: "",
    location: null,
    nFollowing: 0,
    nFollowers: 0,
    interactionScore: 0,
    ...overrides,
  };
}

/** Wren Reed's profile page (/u/wren), a reader who is no author unless told otherwise. */
export function makeProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return { ...makePublicUser("user-wren", "Wren"), author: null, ...overrides };
}

/** The signed-in reader, Ada. */
export function makeMe(overrides: Partial<Me> = {}): Me {
  return {
    ...makePublicUser("user-1", "Ada", {
      lastName: "Lovelace",
      username: "ada12345",
      createdAt: "2026-01-02T10:00:00.000Z",
    }),
    email: "ada@example.com",
    signUpForBeta: false,
    updatedAt: "2026-01-02T10:00:00.000Z",
    acceptedTerms: true,
    acceptedTracking: false,
    emailVerified: true,
    nReferredUsers: 0,
    searchUserId: "search-1",
    utm: null,
    systemLists: { "want-to-read": [], reading: [], finished: [] },
    favouriteGenres: [],
    onboarding: { completedSteps: [], finished: true },
    readingActivityPublic: true,
    ...overrides,
  };
}

/** A launched community book as the catalogue lists it; `id` follows the title unless given. */
export function makeBookSummary(title: string, overrides: Partial<BookSummary> = {}): BookSummary {
  return {
    id: title.toLowerCase().replaceAll(/[^a-z0-9]+/g, "-"),
    title,
    authors: ["Mara Quill"],
    authorIds: ["u1"],
    imageUrl: null,
    summary: "",
    genreRefs: [],
    categoryRefs: [],
    source: "own",
    display: true,
    status: "launched",
    publishingLabel: "community-original",
    completionStatus: "complete",
    launchedDate: "2026-10-01T00:00:00.000Z",
    addedDate: "2026-09-01T00:00:00.000Z",
    nUserStarred: 0,
    nCurrentReads: 0,
    nFinishedReads: 0,
    interactionScore: 0,
    lastInteractedAt: null,
    ...overrides,
  };
}

/** An imported book's EPUB data with this table of contents; the reader starts at its first chapter. */
export function makeBookData(epubToc: BookData["epubToc"], overrides: Partial<BookData> = {}): BookData {
  return {
    id: "book-1",
    bookTeaser: "",
    characters: [],
    css: "",
    tocLength: epubToc.length,
    moods: [],
    timeToReadMinutes: 1,
    wordCount: 1000,
    versionsMap: {},
    latestVersion: "1",
    epubToc,
    startAnchorId: null,
    originalPublicationYear: null,
    ...overrides,
  };
}

/** The book page's answer for `book`: no EPUB data, genres or categories unless told otherwise. */
export function makeBookDetail(book: BookSummary, overrides: Partial<BookDetail> = {}): BookDetail {
  return { book, bookData: null, genres: [], categories: [], ...overrides };
}

/** What the book page shows the viewer of their own: nothing starred, shelved, subscribed or read unless told. */
export function makeViewerState(overrides: Partial<BookViewerState> = {}): BookViewerState {
  return { starred: false, list: null, subscribed: false, progress: null, ...overrides };
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
