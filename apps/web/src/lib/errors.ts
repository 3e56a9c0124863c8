import { AppError, type ErrorCode } from "@quire/core/errors";

/** Every failure the app shows is an AppError; anything else is a bug and gets the catalogue's fallback text. */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export function hasErrorCode(error: unknown, code: ErrorCode): boolean {
  return isAppError(error) && error.code === code;
}

export function errorMessage(error: unknown): string {
  return isAppError(error) ? error.message : AppError.of("internal").message;
}

/** The server's error body (or whatever came instead) as an AppError. */
export function parseFailure(status: number, body: unknown): AppError {
  return AppError.fromResponseBody(status, body);
}

export function connectionFailed(cause: unknown): AppError {
  return AppError.of("connectionFailed", { cause });
}
