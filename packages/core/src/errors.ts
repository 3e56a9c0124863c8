/**
 * Canonical error codes (DESIGN.md §6). The server maps each to one HTTP status;
 * the client branches on the code (and on `reason`), never on message text.
 */
export const ERROR_CODES = [
  "invalid-argument",
  "unauthenticated",
  "permission-denied",
  "not-found",
  "already-exists",
  "failed-precondition",
  "resource-exhausted",
  "unavailable",
  "deadline-exceeded",
  "internal",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  "invalid-argument": 400,
  unauthenticated: 401,
  "permission-denied": 403,
  "not-found": 404,
  "already-exists": 409,
  "failed-precondition": 412,
  "resource-exhausted": 429,
  unavailable: 503,
  "deadline-exceeded": 504,
  internal: 500,
};

/** The error catalogue of SPEC §8: exact texts, with the spec's own reason codes where it has them. */
export const ERRORS = {
  emailNotVerified: {
    code: "failed-precondition",
    message: "Your email is not verified. Please check your email for the verification link!",
    reason: "auth/user-verification-pending",
  },
  invalidPassword: { code: "permission-denied", message: "Invalid password!", reason: "invalid_password" },
  notLoggedIn: { code: "unauthenticated", message: "Please login!", reason: "not_logged_in" },
  credentialsLackUser: { code: "unauthenticated", message: "No user found in credentials." },
  verificationEmailFailed: {
    code: "unavailable",
    message: "Unable to send the verification email. Please try again later.",
  },
  noSession: { code: "unauthenticated", message: "No user logged in." },
  unknownEmail: { code: "not-found", message: "No user found with that email" },
  deletionDuplicate: { code: "already-exists", message: "A pending deletion request already exists for this account" },
  deletionNotFound: { code: "not-found", message: "No deletion request found" },
  deletionExpired: { code: "failed-precondition", message: "Account deletion request expired" },
  captchaFailed: { code: "permission-denied", message: "Unable to validate recaptcha" },
  deletionRequestFailed: { code: "unavailable", message: "Unable to send account deletion request. Please try again." },
  starFailed: { code: "internal", message: "Failed to toggle book star." },
  bookDoesNotExist: { code: "not-found", message: "Book does not exist." },
  bookNotFoundBang: { code: "not-found", message: "Book not found!" },
  bookNotFound: { code: "not-found", message: "Book not found" },
  progressFailed: { code: "internal", message: "Failed to update reading progress." },
  bookMetadataNotFound: { code: "not-found", message: "Book metadata not found!" },
  userDocumentNotFound: { code: "not-found", message: "User document not found." },
  listUpdateFailed: { code: "internal", message: "Error updating reading list." },
  notifySubscribeFailed: { code: "internal", message: "Failed to subscribe to book notifications" },
  notifyUnsubscribeFailed: { code: "internal", message: "Failed to unsubscribe from book notifications" },
  userDataFetchFailed: { code: "internal", message: "Error fetching user data" },
  userNotFound: { code: "not-found", message: "User not found" },
  invalidCursor: { code: "invalid-argument", message: "Invalid cursor" },
  usernameTaken: { code: "already-exists", message: "That username is taken. Try another one." },
  unknownGenre: { code: "invalid-argument", message: "Pick genres from the list." },
  requestTimeout: { code: "deadline-exceeded", message: "Request time out" },
  connectionFailed: { code: "unavailable", message: "Connection failed." },
  responseNotJson: { code: "internal", message: "Response is not valid JSON object." },
  responseMissingData: { code: "internal", message: "Response is missing data field." },
  imageFormatNotAllowed: { code: "invalid-argument", message: "Only JPG, JPEG, PNG, and WebP formats are allowed." },
  userUidRequired: { code: "invalid-argument", message: "User UID is required" },
  acceptedTermsRequired: { code: "invalid-argument", message: "acceptedTerms must be true" },
  userEmailMissing: { code: "invalid-argument", message: "Could not create user. User's email seems to be missing." },
  routeNotFound: { code: "not-found", message: "Not found" },
  // Quire's own texts where the spec names none.
  cannotFollowSelf: { code: "invalid-argument", message: "You can't follow yourself." },
  chapterNotFound: {
    code: "not-found",
    message: "This chapter does not exist in this book.",
    reason: "reader/chapter-not-found",
  },
  bookNotLaunched: {
    code: "failed-precondition",
    message: "This book has not launched yet. Subscribe to hear when it does.",
  },
  launchNotScheduled: {
    code: "failed-precondition",
    message: "Launch notifications are only for books that are scheduled to launch.",
  },
  invalidCredentials: { code: "unauthenticated", message: "Incorrect email or password." },
  invalidLink: { code: "failed-precondition", message: "This link is invalid or has expired." },
  crossSiteRequest: { code: "permission-denied", message: "Cross-site request refused." },
  googleSignInOff: { code: "failed-precondition", message: "Google sign-in is not configured on this server." },
  appleSignInOff: { code: "failed-precondition", message: "Apple sign-in is not configured on this server." },
  socialProviderUnavailable: {
    code: "unavailable",
    message: "The sign-in provider could not be reached. Please try again later.",
  },
  socialSignInFailed: { code: "unauthenticated", message: "Signing in with Google or Apple failed. Please try again." },
  socialSignInCancelled: { code: "unauthenticated", message: "Sign-in was cancelled." },
  socialSignInExpired: {
    code: "failed-precondition",
    message: "This sign-in attempt has expired or was already used. Please start again.",
  },
  socialEmailUnverified: {
    code: "already-exists",
    message: "An account with this email already exists. Sign in with your email and password.",
  },
  noPassword: {
    code: "failed-precondition",
    message: "This account signs in with Google or Apple and has no password to change.",
  },
  imageMissing: { code: "invalid-argument", message: "Choose an image to upload." },
  /** Sent with HTTP 413 (no canonical code has that status). */
  imageTooLargeForOneRequest: {
    code: "invalid-argument",
    message: "Images over 256 KB must be sent as a resumable upload.",
  },
  /** Sent with HTTP 413; `details.maxBytes` says the limit. */
  imageTooLarge: { code: "invalid-argument", message: "This image is too large to upload." },
  imageTooManyPixels: {
    code: "invalid-argument",
    message: "This image has too many pixels. Please use a smaller one.",
  },
  uploadNotFound: { code: "not-found", message: "Upload not found." },
  bookFileNotFound: { code: "not-found", message: "This book has no such file." },
  pushRegistrationNotFound: { code: "not-found", message: "Push registration not found." },
  annotationNotFound: { code: "not-found", message: "Annotation not found." },
  annotationLimitReached: {
    code: "resource-exhausted",
    message: "You can keep up to 1,000 bookmarks, highlights and notes in one book. Delete some to add more.",
    reason: "annotations/limit",
  },
  bookmarkHasNoNote: { code: "invalid-argument", message: "A bookmark has no colour or note." },
  uploadIncomplete: { code: "failed-precondition", message: "This upload is not finished yet." },
  uploadMetadataInvalid: {
    code: "invalid-argument",
    message: "Upload-Metadata must name the kind (avatar or cover) and the filename.",
  },
  tooManyRequests: { code: "resource-exhausted", message: "Too many requests. Please try again later." },
  limitsUnavailable: {
    code: "unavailable",
    message: "The server cannot check its limits right now. Please try again.",
  },
  // EPUB import refusals: `reason` tells them apart; `details.path` names the file inside the EPUB when there is one.
  epubNotZip: {
    code: "invalid-argument",
    message: "This file is not an EPUB (not a zip archive).",
    reason: "epub/not-zip",
  },
  epubDamaged: {
    code: "invalid-argument",
    message: "This EPUB is damaged: a file inside it cannot be read.",
    reason: "epub/damaged",
  },
  epubTooLarge: {
    code: "invalid-argument",
    message: "This EPUB is too large when unpacked, or compressed suspiciously well (a possible zip bomb).",
    reason: "epub/too-large",
  },
  epubTextTooLong: {
    code: "invalid-argument",
    message: "This EPUB has more text than Quire can import (one chapter, or the whole book, is too long).",
    reason: "epub/text-too-long",
  },
  epubImportTooSlow: {
    code: "invalid-argument",
    message: "This EPUB took too long to read and was stopped; it may be damaged or built to overload Quire.",
    reason: "epub/too-slow",
  },
  epubFileTooLarge: {
    code: "invalid-argument",
    message: "This EPUB file is too large to import.",
    reason: "epub/file-too-large",
  },
  epubUnsafePath: {
    code: "invalid-argument",
    message: "This EPUB contains a file path that points outside the book.",
    reason: "epub/unsafe-path",
  },
  epubNoContainer: {
    code: "invalid-argument",
    message: "This EPUB has no META-INF/container.xml, so its contents cannot be found.",
    reason: "epub/no-container",
  },
  epubNoPackage: {
    code: "invalid-argument",
    message: "This EPUB has no package document (OPF), so its contents cannot be found.",
    reason: "epub/no-package",
  },
  epubMissingFile: {
    code: "invalid-argument",
    message: "This EPUB refers to a file it does not contain.",
    reason: "epub/missing-file",
  },
  epubNoChapters: {
    code: "invalid-argument",
    message: "This EPUB has no chapters to read.",
    reason: "epub/no-chapters",
  },
  epubMalformedXml: {
    code: "invalid-argument",
    message: "This EPUB contains a document that is not well-formed XML.",
    reason: "epub/malformed-xml",
  },
  epubXmlEntities: {
    code: "invalid-argument",
    message: "This EPUB declares its own XML entities, which Quire refuses for safety.",
    reason: "epub/xml-entities",
  },
  epubEncrypted: {
    code: "failed-precondition",
    message: "This EPUB is encrypted (DRM) and cannot be imported.",
    reason: "epub/encrypted",
  },
  epubUnknownCategory: {
    code: "invalid-argument",
    message: "Pick categories from the list.",
    reason: "epub/unknown-category",
  },
  epubImportConflict: {
    code: "failed-precondition",
    message: "This book was imported by someone else at the same time. Please try again.",
    reason: "epub/import-conflict",
  },
  epubDownloadFailed: {
    code: "unavailable",
    message: "The EPUB could not be downloaded.",
    reason: "epub/download-failed",
  },
  // The author studio and administration.
  notAnAuthor: { code: "permission-denied", message: "Become an author to write books in the studio." },
  adminOnly: { code: "permission-denied", message: "Only administrators can do this." },
  // Analytics are collected only with consent (issue 14): acceptedTracking, or a visitor's "Allow".
  analyticsWithoutConsent: {
    code: "permission-denied",
    message: "Analytics are collected only with consent.",
    reason: "analytics/no-consent",
  },
  adminOnlyBookFields: {
    code: "permission-denied",
    message: "Only administrators can set a book's categories and publishing label.",
  },
  unknownCategory: { code: "invalid-argument", message: "Pick categories from the list." },
  chapterOrderMismatch: {
    code: "invalid-argument",
    message: "The new order must name every chapter of the book exactly once.",
  },
  launchDateNotFuture: { code: "invalid-argument", message: "Choose a launch date in the future." },
  scheduleAfterLaunch: { code: "failed-precondition", message: "This book has already launched." },
  bookHasNoChapters: { code: "failed-precondition", message: "Write at least one chapter first." },
  epubMissing: { code: "invalid-argument", message: "Choose an EPUB file to import." },
  exportNotAllowed: {
    code: "permission-denied",
    message: "Only the book's authors can download a community book as an EPUB.",
  },
  devicePasswordLimit: {
    code: "failed-precondition",
    message: "You can have up to 10 device passwords. Revoke one you no longer use first.",
    reason: "device_password_limit",
  },
  devicePasswordNotFound: {
    code: "not-found",
    message: "Device password not found.",
    reason: "device_password_not_found",
  },
  internal: { code: "internal", message: "Something went wrong. Please try again." },
} as const satisfies Record<string, { code: ErrorCode; message: string; reason?: string }>;

export type ErrorKey = keyof typeof ERRORS;

/** "Failed to launched book: …" keeps the spec's wording, detail appended. */
export function launchFailedMessage(detail: string): string {
  return `Failed to launched book: ${detail}`;
}

/** The one error wire shape (its zod schema, for OpenAPI, is in contracts/error.contract.ts). */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; reason?: string; details?: unknown };
}

/**
 * Recognises the wire shape without zod, so the web app's entry chunk can parse failures
 * without loading every schema.
 */
export function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== "object" || body === null) return false;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== "object" || error === null) return false;
  const { code, message, reason } = error as Record<string, unknown>;
  return (
    typeof code === "string" &&
    (ERROR_CODES as readonly string[]).includes(code) &&
    typeof message === "string" &&
    (reason === undefined || typeof reason === "string")
  );
}

/** One error type for server and client: a stable code, the exact message, and the spec's reason when it has one. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly reason: string | undefined;
  readonly details: unknown;
  /** Whether an operator should hear about it (bugs and outages, not user mistakes). */
  readonly isReportable: boolean;

  constructor(code: ErrorCode, message: string, options: { reason?: string; details?: unknown; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.reason = options.reason;
    this.details = options.details;
    this.isReportable = code === "internal" || code === "unavailable";
  }

  static of(key: ErrorKey, options: { details?: unknown; cause?: unknown } = {}): AppError {
    const entry: { code: ErrorCode; message: string; reason?: string } = ERRORS[key];
    return new AppError(entry.code, entry.message, { ...options, reason: entry.reason });
  }

  get httpStatus(): number {
    return HTTP_STATUS_BY_CODE[this.code];
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.reason ? { reason: this.reason } : {}),
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }

  /** Turns any failure body (or a network failure) back into an AppError, the client's single parser. */
  static fromResponseBody(status: number, body: unknown): AppError {
    if (isApiErrorBody(body)) {
      const { code, message, reason, details } = body.error;
      return new AppError(code, message, { reason, details });
    }
    if (status === 0) return AppError.of("connectionFailed");
    return AppError.of(typeof body === "object" && body !== null ? "responseMissingData" : "responseNotJson");
  }
}

/**
 * SPEC §8's launch failure, "Failed to launched book: <reason>": the reason says why in words, the
 * code says what kind of failure it was (a refused transition, or the database failing).
 */
export function launchFailedError(
  reason: string,
  code: ErrorCode = "failed-precondition",
  options: { cause?: unknown } = {},
): AppError {
  return new AppError(code, launchFailedMessage(reason), { cause: options.cause });
}
