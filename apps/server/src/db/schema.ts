import type { ChapterRole, PushKind } from "@quire/core";
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Table shapes as Kysely sees them through CamelCasePlugin: camelCase here, snake_case in SQL.
 * Booleans are stored as 0/1 integers and JSON as text so both dialects hold identical values.
 */
export type Bool = 0 | 1;
export type JsonText = string;

export interface UsersTable {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  roles: JsonText;
  signUpForBeta: Bool;
  social: JsonText;
  createdAt: string;
  updatedAt: string;
  avatarUrl: string | null;
  coverUrl: string | null;
  description: string;
  /** "" until the user says where they are (a NOT NULL column; the API shows it as null). */
  location: string;
  nFollowing: Generated<number>;
  nFollowers: Generated<number>;
  acceptedTerms: Bool;
  acceptedTracking: Bool;
  emailVerified: Bool;
  nReferredUsers: Generated<number>;
  searchUserId: string;
  utm: JsonText | null;
  interactionScore: Generated<number>;
  /** Genre ids chosen during onboarding, JSON array. */
  favouriteGenres: Generated<JsonText>;
  /** Onboarding step names completed so far, JSON array. */
  onboardingSteps: Generated<JsonText>;
  /** Set once every onboarding step is done; a finished user never sees onboarding again. */
  onboardedAt: string | null;
  /** 0 hides what they read, finished and starred from everyone else (profile and feed). */
  readingActivityPublic: Generated<Bool>;
  /** The referrer's id, set once by the transaction that created this user (a referral counts once). */
  referredBy: string | null;
}

export interface FollowsTable {
  followerId: string;
  followeeId: string;
  createdAt: string;
  updatedAt: string;
}

export interface StarsTable {
  userId: string;
  bookId: string;
  updatedAt: string;
}

export interface ListEntriesTable {
  userId: string;
  bookId: string;
  list: string;
  addedAt: string;
}

export interface BooksTable {
  id: string;
  title: string;
  authors: JsonText;
  authorIds: JsonText;
  imageUrl: string | null;
  summary: string;
  source: string;
  display: Bool;
  status: string;
  publishingLabel: string | null;
  completionStatus: string;
  launchedDate: string | null;
  addedDate: string;
  nUserStarred: Generated<number>;
  nCurrentReads: Generated<number>;
  nFinishedReads: Generated<number>;
  interactionScore: Generated<number>;
  lastInteractedAt: string | null;
}

/** A book's catalogue JSON, written by triggers (migration 2026-11-27-01-book-json, docs/catalog.md). */
export interface BookJsonTable {
  bookId: string;
  card: string;
  detail: string;
  counters: Generated<string>;
  /** `books.display`, copied so the book page reads this table alone (migration 2026-11-27-04-book-json-display). */
  display: Generated<number>;
}

/** `book_genres` with the book's visibility and sort values, kept by triggers (migration 2026-11-27-02-genre-books). */
export interface GenreBooksTable {
  bookId: string;
  genreId: string;
  display: Bool;
  interactionScore: number;
  addedDate: string;
  title: string;
}

export interface BookAuthorsTable {
  bookId: string;
  authorId: string;
  position: number;
}

export interface BookGenresTable {
  bookId: string;
  genreId: string;
}

export interface CategoriesTable {
  id: string;
  name: string;
  position: number;
}

export interface CategoryBooksTable {
  categoryId: string;
  bookId: string;
  position: number;
}

export interface LaunchSubscriptionsTable {
  bookId: string;
  userId: string;
  createdAt: string;
}

export interface BookDataTable {
  bookId: string;
  bookTeaser: string;
  characters: JsonText;
  css: string;
  tocLength: number;
  moods: JsonText;
  timeToReadMinutes: number;
  wordCount: number;
  versionsMap: JsonText;
  latestVersion: string;
  epubToc: JsonText;
  /** The EPUB package's unique identifier of an imported book: a new edition updates the same book. */
  epubIdentifier: string | null;
  /** BCP 47 language of the text ("" when unknown). */
  language: Generated<string>;
  /** Storage key of the EPUB file the latest version was imported from (null for written or older books). */
  originalEpubKey: Generated<string | null>;
  /** The first body chapter, where "Start reading" opens (null: the first chapter). */
  startAnchorId: Generated<string | null>;
  originalPublicationYear: Generated<number | null>;
}

export interface ChaptersTable {
  bookId: string;
  version: string;
  anchorId: string;
  name: string;
  chapterNumber: number;
  html: string;
  wordCount: number;
  /** 'front' | 'body' | 'back' (ChapterRole); written chapters are all 'body'. */
  role: Generated<ChapterRole>;
}

/** The Markdown an author wrote a community chapter in; `chapters.html` is rendered from it. */
export interface ChapterSourcesTable {
  bookId: string;
  anchorId: string;
  markdown: string;
  updatedAt: string;
}

export interface ReadingProgressTable {
  userId: string;
  bookId: string;
  progress: number;
  currentChapter: string | null;
  lastReadAt: string;
  isRead: Bool;
  epubPosition: JsonText | null;
}

export interface ChapterProgressTable {
  userId: string;
  bookId: string;
  anchorId: string;
  progress: number;
  isRead: Bool;
  lastReadAt: string;
  epubPosition: JsonText | null;
}

export interface AuthorsTable {
  id: string;
  name: string;
  nReaders: Generated<number>;
}

export interface GenresTable {
  id: string;
  displayName: string;
}

export interface AccountDeletionRequestsTable {
  userId: string;
  tokenHash: string;
  email: string;
  status: string;
  expiresAt: string;
  updatedAt: string;
}

export interface SocialAccountsTable {
  provider: string;
  subject: string;
  userId: string;
  email: string | null;
  createdAt: string;
}

export interface SocialSignInFlowsTable {
  stateHash: string;
  provider: string;
  codeVerifier: string;
  nonce: string;
  returnTo: string;
  native: Bool;
  createdAt: string;
  expiresAt: string;
  /** The campaign (JSON) and referrer username the flow started with; written to a user it creates. */
  utm: JsonText | null;
  referrer: string | null;
}

export interface UserEventsTable {
  id: string;
  eventType: string;
  priority: string;
  targetUserId: string | null;
  triggeredByUserId: string;
  triggeredByUserName: string;
  targetResourceId: string;
  targetResourceType: string;
  targetResourceName: string;
  processed: Bool;
  createdAt: string;
}

/** One thing a user did to a book, for their followers' feeds; `verb` is an `ActivityVerb` of core. */
export interface ActivitiesTable {
  id: string;
  actorId: string;
  verb: string;
  bookId: string;
  createdAt: string;
}

export interface NotificationsTable {
  id: string;
  userId: string;
  eventId: string;
  type: string;
  title: string;
  body: string;
  actorId: string;
  actorName: string;
  resourceId: string;
  resourceType: string;
  resourceName: string;
  createdAt: string;
  readAt: string | null;
}

/** One browser's Web Push subscription; the endpoint is unique (it names one browser). */
export interface PushRegistrationsTable {
  id: string;
  userId: string;
  /** Which push service carries its messages; `endpoint` is a Web Push URL or a native device token. */
  kind: Generated<PushKind>;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A push message waiting to be sent to one registration; `nextAttemptAt` is also the sender's lease. */
export interface PushDeliveriesTable {
  id: string;
  notificationId: string;
  registrationId: string;
  /** The `PushPayload` as JSON. */
  payload: string;
  urgency: "very-low" | "low" | "normal" | "high";
  attempts: Generated<number>;
  nextAttemptAt: string;
  createdAt: string;
}

/** A reader's bookmark, highlight or note; `version` is the edition its offsets were measured in. */
export interface AnnotationsTable {
  id: string;
  userId: string;
  bookId: string;
  kind: string;
  anchorId: string;
  startOffset: number;
  endOffset: number | null;
  quote: string | null;
  color: string | null;
  note: string | null;
  version: string;
  chapterName: string;
  bookTitle: string;
  createdAt: string;
  updatedAt: string;
}

/** A signed-in reader's reader settings (`ReaderSettings` as JSON), one row per user. */
export interface ReaderSettingsTable {
  userId: string;
  settings: JsonText;
  updatedAt: string;
}

/** What a user changed; a (user, type) without a row has both channels on. */
export interface NotificationPreferencesTable {
  userId: string;
  eventType: string;
  inApp: Bool;
  push: Bool;
  updatedAt: string;
}

export interface CredentialsTable {
  userId: string;
  passwordHash: string;
  emailVerifiedAt: string | null;
  updatedAt: string;
}

export interface SessionsTable {
  idHash: string;
  userId: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  userAgent: string | null;
}

/** `social-handoff` carries a finished social sign-in from the browser to the native app (SPEC §2). */
export type EmailTokenPurpose = "verify-email" | "reset-password" | "social-handoff";

export interface EmailTokensTable {
  tokenHash: string;
  userId: string;
  purpose: EmailTokenPurpose;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/** A reader's device passwords (KOReader sync, OPDS shelves): argon2 of the MD5 key the device sends. */
export interface DevicePasswordsTable {
  id: string;
  userId: string;
  name: string;
  /** The first 16 hex digits of sha256(md5 key): finds the row without trying every argon2 hash. */
  keyLookup: string;
  keyHash: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The document ids KOReader knows a Quire EPUB by (partial MD5 of the file, or MD5 of its name). */
export interface KoreaderDocumentsTable {
  document: string;
  bookId: string;
  method: "binary" | "filename";
  /** The storage key the partial MD5 was read from, or the file name hashed. */
  source: string;
  createdAt: string;
}

/** KOReader's last write per reader and document, its own locator kept. */
export interface KoreaderProgressTable {
  userId: string;
  document: string;
  bookId: string | null;
  percentage: number;
  progress: string;
  device: string;
  deviceId: string | null;
  updatedAt: string;
}

/** Consenting readers' page views and named events (migration 2026-11-26-10-analytics); day is occurred_at's UTC day. */
export interface AnalyticsEventsTable {
  id: string;
  name: string;
  route: string | null;
  userId: string | null;
  visitorId: string | null;
  country: string | null;
  properties: JsonText | null;
  occurredAt: string;
  receivedAt: string;
  day: string;
}

/** Daily figures rolled up from analytics events for closed days (metric "rolled" marks a day done). */
export interface AnalyticsDailyTable {
  day: string;
  metric: string;
  key: string;
  value: number;
}

/** An imported exchange-rate table (JSON currency → units per USD); the newest import wins. */
export interface ExchangeRateTablesTable {
  id: string;
  ratesDate: string;
  rates: string;
  importedAt: string;
}

export interface Database {
  devicePasswords: DevicePasswordsTable;
  koreaderDocuments: KoreaderDocumentsTable;
  koreaderProgress: KoreaderProgressTable;
  users: UsersTable;
  follows: FollowsTable;
  stars: StarsTable;
  listEntries: ListEntriesTable;
  books: BooksTable;
  bookJson: BookJsonTable;
  genreBooks: GenreBooksTable;
  bookAuthors: BookAuthorsTable;
  bookGenres: BookGenresTable;
  categories: CategoriesTable;
  categoryBooks: CategoryBooksTable;
  launchSubscriptions: LaunchSubscriptionsTable;
  bookData: BookDataTable;
  chapters: ChaptersTable;
  chapterSources: ChapterSourcesTable;
  readingProgress: ReadingProgressTable;
  chapterProgress: ChapterProgressTable;
  authors: AuthorsTable;
  genres: GenresTable;
  accountDeletionRequests: AccountDeletionRequestsTable;
  userEvents: UserEventsTable;
  notifications: NotificationsTable;
  pushRegistrations: PushRegistrationsTable;
  pushDeliveries: PushDeliveriesTable;
  notificationPreferences: NotificationPreferencesTable;
  readerSettings: ReaderSettingsTable;
  activities: ActivitiesTable;
  annotations: AnnotationsTable;
  credentials: CredentialsTable;
  sessions: SessionsTable;
  emailTokens: EmailTokensTable;
  socialAccounts: SocialAccountsTable;
  socialSignInFlows: SocialSignInFlowsTable;
  analyticsEvents: AnalyticsEventsTable;
  analyticsDaily: AnalyticsDailyTable;
  exchangeRateTables: ExchangeRateTablesTable;
}

export type BookRow = Selectable<BooksTable>;
export type NewBook = Insertable<BooksTable>;
export type BookUpdate = Updateable<BooksTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type BookDataRow = Selectable<BookDataTable>;
export type ChapterRow = Selectable<ChaptersTable>;
