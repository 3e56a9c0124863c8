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
  emailTaken: { code: "already-exists", message: "An account with this email already exists." },
  invalidCredentials: { code: "unauthenticated", message: "Incorrect email or password." },
  invalidLink: { code: "failed-precondition", message: "This link is invalid or has expired." },
  crossSiteRequest: { code: "permission-denied", message: "Cross-site request refused." },
  tooManyRequests: { code: "resource-exhausted", message: "Too many requests. Please try again later." },
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
