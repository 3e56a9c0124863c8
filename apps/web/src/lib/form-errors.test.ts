import { ProfileUpdateSchema, SignUpRequestSchema, TokenRequestSchema, UpdateStudioBookSchema } from "@quire/core";
import { AppError } from "@quire/core/errors";
import { describe, expect, it } from "vitest";
import { checkForm, fieldLimits, splitRefusal } from "./form-errors";

const LOGIN = { email: "Email", password: "Password" };
const PROFILE = { firstName: "First name", lastName: "Last name", username: "Username", instagram: "Instagram" };

describe("checkForm", () => {
  it("words every field's issue for people, all at once, with the schema's own message where it has one", () => {
    const result = checkForm(
      ProfileUpdateSchema,
      { lastName: "L".repeat(101), username: "No Spaces", social: { instagram: "not a handle!" } },
      PROFILE,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        lastName: "Last name can be up to 100 characters.",
        username: "Use 3 to 40 lowercase letters, digits, dots or underscores, starting with a letter or digit.",
        instagram: "Use letters, digits, dots and underscores only.",
      },
    });
  });

  it("gives back the parsed body when the values pass", () => {
    expect(checkForm(ProfileUpdateSchema, { username: " Ada.L ", social: { x: "@ada" } }, PROFILE)).toEqual({
      ok: true,
      data: { username: "ada.l", social: { x: "ada" } },
    });
  });

  it("keeps the contract's own words for sign-up's email and password", () => {
    const empty = checkForm(SignUpRequestSchema, { email: "", password: "", acceptedTerms: false }, LOGIN);
    expect(empty).toEqual({ ok: false, errors: { email: "Enter your email address.", password: "Enter a password." } });
    const invalid = checkForm(
      SignUpRequestSchema,
      { email: "ada@", password: "long enough", acceptedTerms: true },
      LOGIN,
    );
    expect(invalid).toEqual({ ok: false, errors: { email: "Enter a valid email address, like name@example.com." } });
  });

  it("words a missing value and a long list from the issue's kind where the contract has no words", () => {
    expect(checkForm(TokenRequestSchema, { token: "" }, { token: "Token" })).toEqual({
      ok: false,
      errors: { token: "Token is required." },
    });
    const genres = Array.from({ length: 11 }, (_, i) => `g${i}`);
    expect(checkForm(UpdateStudioBookSchema, { genres }, { genres: "Genres" })).toEqual({
      ok: false,
      errors: { genres: "Choose up to 10 genres." },
    });
  });
});

describe("splitRefusal", () => {
  const labels = { acceptedTerms: "Terms", username: "Username", lastName: "Last name" };

  it("puts a catalogue refusal about a field beside it, in words for people", () => {
    expect(splitRefusal(AppError.of("acceptedTermsRequired"), labels)).toEqual({
      fields: { acceptedTerms: "Please accept the terms to continue." },
      message: undefined,
    });
    expect(splitRefusal(AppError.of("usernameTaken"), labels)).toEqual({
      fields: { username: "That username is taken. Try another one." },
      message: undefined,
    });
  });

  it("keeps a refusal about no field of this form for the form's alert", () => {
    expect(splitRefusal(AppError.of("usernameTaken"), { email: "Email" })).toEqual({
      fields: {},
      message: "That username is taken. Try another one.",
    });
    expect(splitRefusal(AppError.of("invalidCredentials"), labels).message).toBe("Incorrect email or password.");
  });

  it("places a 400's field issues at their fields, wording zod's kind when the server names it", () => {
    const refusal = new AppError("invalid-argument", "Invalid body: lastName: Too big: expected string to have <=100", {
      details: [
        {
          path: "lastName",
          message: "Too big: expected string to have <=100 characters",
          code: "too_big",
          origin: "string",
          maximum: 100,
        },
        { path: "acceptedTerms", message: "acceptedTerms must be true" },
        { path: "", message: "Change the colour or the note." },
      ],
    });
    expect(splitRefusal(refusal, labels)).toEqual({
      fields: {
        lastName: "Last name can be up to 100 characters.",
        acceptedTerms: "Please accept the terms to continue.",
      },
      message: "Change the colour or the note.",
    });
  });
});

describe("fieldLimits", () => {
  it("reads maxLength and required from the contract's schemas through defaults, optionals and transforms", () => {
    const { shape } = SignUpRequestSchema;
    expect(fieldLimits(shape.lastName)).toEqual({ maxLength: 100 });
    expect(fieldLimits(shape.email)).toEqual({ maxLength: 254, required: true });
    expect(fieldLimits(shape.password)).toEqual({ maxLength: 128, required: true });
    expect(fieldLimits(ProfileUpdateSchema.shape.description)).toEqual({ maxLength: 2000 });
    expect(fieldLimits(UpdateStudioBookSchema.shape.moods)).toEqual({});
  });
});
