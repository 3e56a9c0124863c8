/** Business constants of SPEC §9, named once so server, web and tests agree. */

export const PAGE_SIZE_DEFAULT = 14;
export const PAGE_SIZE_LARGE = 20;
export const PAGE_SIZES = [PAGE_SIZE_DEFAULT, PAGE_SIZE_LARGE] as const;
export const ID_BATCH_SIZE_SMALL = 10;
export const ID_BATCH_SIZE_LARGE = 30;
export const CHAPTERS_PAGE_SIZE = 20;

export const TRENDING_BOOKS_COUNT = 4;
export const RECENT_USERS_COUNT = 8;
export const SUGGESTED_FOLLOWS_COUNT = 4;
export const TOP_NEW_WINDOW_DAYS = 60;
export const TOP_NEW_PAGE_SIZE = 20;

/**
 * A book's source, status and completion, and the catalogue's sorts: here, not beside their schemas, so the
 * browse screen's filters load without zod.
 */
export const BOOK_SOURCES = ["own", "public-domain"] as const;
export const BOOK_STATUSES = ["scheduled", "wip", "launched"] as const;
export const COMPLETION_STATUSES = ["complete", "wip"] as const;
export const BOOK_SORTS = ["popular", "newest", "title"] as const;

/** Search: query length in characters, results per page, suggestions shown while typing. */
export const SEARCH_QUERY_MIN_LENGTH = 2;
export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_SUGGESTIONS_MAX = 8;

export const ACCOUNT_DELETION_VALIDITY_HOURS = 24;

export const THUMBNAIL_SMALL_PX = 268;
export const THUMBNAIL_MEDIUM_PX = 556;

export const CAMPAIGN_COOKIE_MAX_AGE_DAYS = 30;
export const CAMPAIGN_VALUE_MAX_LENGTH = 100;

export const NONCE_LENGTH = 32;
export const USERNAME_SUFFIX_LENGTH = 5;

export const BOTTOM_BAR_HEIGHT_PX = 64;
export const TOP_BAR_HEIGHT_PX = 35;
export const APP_LINK_FALLBACK_MS = 2000;
export const SAFE_AREA_POLL_INTERVAL_MS = 1000;
export const SAFE_AREA_POLL_MAX_MS = 20_000;

export const PROGRESS_MIN = 0;
export const PROGRESS_MAX = 100;
export const STAR_SCORE_FLOOR = 0;
/** SPEC §4 leaves the value open; one star is worth this many interaction points. */
export const STAR_SCORE_DELTA = 5;
/**
 * A user's interactionScore (SPEC §3: it ranks suggestions; the spec gives no weights). It moves with
 * what others do with them (followed; their book starred or finished by someone else) and with their
 * own reading (a book begun, a star given), back on undo, never below STAR_SCORE_FLOOR.
 */
export const USER_SCORE_FOLLOWED = 3;
export const USER_SCORE_BOOK_STARRED = 2;
export const USER_SCORE_BOOK_FINISHED = 3;
export const USER_SCORE_READ_STARTED = 2;
export const USER_SCORE_STAR_GIVEN = 1;

export const UPLOAD_SINGLE_REQUEST_MAX_BYTES = 256 * 1024;
export const UPLOAD_CHUNK_START_BYTES = 256 * 1024;
export const UPLOAD_CHUNK_MAX_BYTES = 32 * 1024 * 1024;
export const STORAGE_OPERATION_RETRY_MS = 2 * 60_000;
export const STORAGE_UPLOAD_RETRY_MS = 10 * 60_000;
export const STORAGE_BACKOFF_CAP_MS = 64_000;

export const FUNCTION_CALL_TIMEOUT_MS = 70_000;
export const TRANSACTION_MAX_ATTEMPTS = 5;
export const STREAM_IDLE_TIMEOUT_MS = 60_000;
export const BACKOFF_INITIAL_MS = 1000;
export const BACKOFF_FACTOR = 1.5;
export const BACKOFF_MAX_MS = 60_000;

export const PUSH_TOKEN_REFRESH_DAYS = 7;
export const SERVICE_WORKER_WAIT_MS = 10_000;
/** A native app registers for push once stable, at most this long after it started. */
export const PUSH_REGISTRATION_MAX_DELAY_MS = 30_000;

export const DEFAULT_COUNTRY = "US";
export const DEFAULT_CURRENCY = "USD";

/** Average adult silent reading speed used for time-to-read estimates. */
export const WORDS_PER_MINUTE = 238;

/** SPEC §7: analytics calls wait for the analytics module, up to 20 tries every 200 ms, then log a warning. */
export const ANALYTICS_READY_TRIES = 20;
export const ANALYTICS_READY_INTERVAL_MS = 200;

/** The named events the web may send, besides page views; anything else is refused. */
export const ANALYTICS_EVENT_NAMES = [
  "sign_up",
  "verify_email",
  "onboarding_step",
  "start_reading",
  "finish_book",
  "star",
  "follow",
  "subscribe_launch",
  "search",
  "install_prompt",
  "app_installed",
  "push_opt_in",
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];
export const PAGE_VIEW_EVENT = "page_view";

export const ANALYTICS_MAX_BATCH = 50;
export const ANALYTICS_MAX_PROPERTIES = 8;

/** How much one reader may keep: a passage, a note, and annotations in one book. */
export const ANNOTATION_LIMITS = { quoteMaxChars: 4_000, noteMaxChars: 10_000, perBook: 1_000 } as const;
/** Here, not beside the annotation schemas, so the reader's annotations load without zod. */
export const ANNOTATION_COLORS = ["yellow", "green", "blue", "pink"] as const;
