import { AppError, ERRORS, type ErrorCode, type ErrorKey } from "@quire/core/errors";

/** Every failure the app shows is an AppError; anything else is a bug and gets the catalogue's fallback text. */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export function hasErrorCode(error: unknown, code: ErrorCode): boolean {
  return isAppError(error) && error.code === code;
}

/**
 * The API keeps SPEC §8's exact texts; where one is not written for people, the app says this instead.
 * `field` is the body field the refusal is about, so a form can show it there.
 */
const FOR_PEOPLE: Partial<Record<ErrorKey, { message?: string; field?: string }>> = {
  acceptedTermsRequired: { message: "Please accept the terms to continue.", field: "acceptedTerms" },
  invalidPassword: { message: "That is not your current password.", field: "currentPassword" },
  unknownEmail: { message: "There is no Quire account with that email.", field: "email" },
  usernameTaken: { field: "username" },
  unknownGenre: { field: "genres" },
  unknownCategory: { field: "categories" },
  launchDateNotFuture: { field: "launchDate" },
  epubMissing: { field: "file" },
};

/** The catalogue entry a failure came from: the wire carries code, exact message and reason, never the key. */
function catalogueKey(error: AppError): ErrorKey | undefined {
  return (Object.keys(FOR_PEOPLE) as ErrorKey[]).find((key) => {
    const entry: { code: ErrorCode; message: string; reason?: string } = ERRORS[key];
    return entry.code === error.code && entry.message === error.message && entry.reason === error.reason;
  });
}

/** A message from the API (a refusal's, or a field issue's) as people should read it. */
export function forPeople(message: string): string {
  const key = (Object.keys(FOR_PEOPLE) as ErrorKey[]).find((candidate) => ERRORS[candidate].message === message);
  return (key && FOR_PEOPLE[key]?.message) || message;
}

/** The body field a catalogue refusal is about ("That username is taken." → username), if any. */
export function refusedField(error: unknown): string | undefined {
  if (!isAppError(error)) return undefined;
  const key = catalogueKey(error);
  return key ? FOR_PEOPLE[key]?.field : undefined;
}

export function errorMessage(error: unknown): string {
  if (!isAppError(error)) return AppError.of("internal").message;
  const key = catalogueKey(error);
  const phrased = key && FOR_PEOPLE[key]?.message;
  if (phrased) return phrased;
  // A 400's message names the field for developers ("Invalid body: note: …"); its first issue is what people need.
  const [issue] = error.code === "invalid-argument" && Array.isArray(error.details) ? error.details : [];
  const issueMessage = (issue as { message?: unknown } | undefined)?.message;
  return typeof issueMessage === "string" ? forPeople(issueMessage) : error.message;
}

/** The server's error body (or whatever came instead) as an AppError. */
export function parseFailure(status: number, body: unknown): AppError {
  return AppError.fromResponseBody(status, body);
}

export function connectionFailed(cause: unknown): AppError {
  return AppError.of("connectionFailed", { cause });
}
