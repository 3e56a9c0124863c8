import { describe, expect, it } from "vitest";
import { AppError, ERRORS, HTTP_STATUS_BY_CODE, launchFailedMessage } from "./errors";

describe("error catalogue", () => {
  it("keeps the spec's exact texts and reason codes", () => {
    expect(ERRORS.emailNotVerified).toEqual({
      code: "failed-precondition",
      message: "Your email is not verified. Please check your email for the verification link!",
      reason: "auth/user-verification-pending",
    });
    expect(ERRORS.invalidPassword.reason).toBe("invalid_password");
    expect(ERRORS.notLoggedIn).toMatchObject({ message: "Please login!", reason: "not_logged_in" });
    expect(ERRORS.bookNotFound.message).toBe("Book not found");
    expect(ERRORS.imageFormatNotAllowed.message).toBe("Only JPG, JPEG, PNG, and WebP formats are allowed.");
    expect(launchFailedMessage("db down")).toBe("Failed to launched book: db down");
  });

  it("renders the one wire shape and parses it back", () => {
    const error = AppError.of("notLoggedIn");
    expect(error.httpStatus).toBe(401);
    const body = error.toBody();
    expect(body).toEqual({ error: { code: "unauthenticated", message: "Please login!", reason: "not_logged_in" } });
    const parsed = AppError.fromResponseBody(401, body);
    expect(parsed).toMatchObject({ code: "unauthenticated", message: "Please login!", reason: "not_logged_in" });
  });

  it("turns unreadable answers into the spec's client messages", () => {
    expect(AppError.fromResponseBody(0, undefined).message).toBe("Connection failed.");
    expect(AppError.fromResponseBody(500, "<html>").message).toBe("Response is not valid JSON object.");
    expect(AppError.fromResponseBody(500, { nope: true }).message).toBe("Response is missing data field.");
  });

  it("maps every code to an HTTP status", () => {
    for (const status of Object.values(HTTP_STATUS_BY_CODE)) expect(status).toBeGreaterThanOrEqual(400);
  });
});
