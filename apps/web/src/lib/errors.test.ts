import { AppError } from "@quire/core/errors";
import { describe, expect, it } from "vitest";
import { errorMessage, refusedField } from "./errors";

describe("errorMessage", () => {
  it("phrases a catalogue text that is not written for people, and keeps the ones that are", () => {
    expect(errorMessage(AppError.of("acceptedTermsRequired"))).toBe("Please accept the terms to continue.");
    expect(errorMessage(AppError.of("invalidPassword"))).toBe("That is not your current password.");
    expect(errorMessage(AppError.of("invalidCredentials"))).toBe("Incorrect email or password.");
    expect(errorMessage(new Error("boom"))).toBe("Something went wrong. Please try again.");
  });

  it("says a 400's first issue instead of the developer's 'Invalid body: field: …'", () => {
    const refusal = new AppError("invalid-argument", "Invalid body: note: A note can hold up to 10000 characters.", {
      details: [{ path: "note", message: "A note can hold up to 10000 characters." }],
    });
    expect(errorMessage(refusal)).toBe("A note can hold up to 10000 characters.");
  });

  it("tells which body field a catalogue refusal is about", () => {
    expect(refusedField(AppError.of("usernameTaken"))).toBe("username");
    expect(refusedField(AppError.of("invalidCredentials"))).toBeUndefined();
  });
});
