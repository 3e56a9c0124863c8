import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";
import { linkIn, waitForMail } from "./outbox";

export const TEST_PASSWORD = "a long enough password";

/**
 * A reader who signed up, verified from the outbox, signed in (the context's cookie) and finished
 * onboarding — for specs about something after that.
 */
export async function signedInReader(request: APIRequestContext, firstName: string) {
  const email = `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`;
  const username = `${firstName.toLowerCase()}_${randomUUID().slice(0, 6)}`;
  const signUp = await request.post("/api/auth/sign-up/email", {
    data: { email, password: TEST_PASSWORD, firstName, lastName: "Tester", acceptedTerms: true },
  });
  expect(signUp.status()).toBe(201);
  const token = new URL(linkIn(await waitForMail(email, /mode=verifyEmail/), "mode=verifyEmail")).searchParams.get(
    "token",
  );
  expect((await request.post("/api/auth/verify-email", { data: { token } })).status()).toBe(200);
  expect((await request.post("/api/auth/sign-in/email", { data: { email, password: TEST_PASSWORD } })).status()).toBe(
    200,
  );
  for (const [step, data] of [
    ["username", { username }],
    ["terms", { acceptedTerms: true, acceptedTracking: false }],
    ["genres", { genreIds: [] }],
    ["follow", { userIds: [] }],
  ] as const) {
    expect((await request.post(`/api/v1/me/onboarding/${step}`, { data })).status()).toBe(200);
  }
  return { email, username, firstName };
}
