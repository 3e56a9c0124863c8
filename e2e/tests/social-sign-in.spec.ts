import { randomUUID } from "node:crypto";
import { collectPageErrors, expectNoSeriousA11yViolations } from "../support/page-checks";
import { expect, type Page, test } from "../support/test";

/** At the test provider's sign-in form (the "Google" of these tests, a real oidc-provider). */
async function signInAtProvider(page: Page, email: string, firstName: string) {
  await expect(page.getByRole("heading", { name: "Test identity provider" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill(firstName);
  await page.getByRole("button", { name: "Continue" }).click();
}

test.describe("Google sign-in", () => {
  test("a brand-new user signs in with Google, onboards, and comes back as the same user", async ({ browser }) => {
    const email = `grace-${randomUUID().slice(0, 8)}@example.test`;
    const first = await browser.newContext();
    const page = await first.newPage();
    const errors = collectPageErrors(page);

    await page.goto("/auth/sign-in?next=/browse");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await signInAtProvider(page, email, "Grace");

    // Back at Quire, signed in; a new profile goes to onboarding first (the name came from Google).
    await expect(page).toHaveURL(/\/auth\/onboarding\/username\?next=%2Fbrowse$/);
    await expect(page.getByTestId("account-menu-button")).toContainText("Grace");
    const me = (await (await page.request.get("/api/v1/me")).json()).user;
    expect(me).toMatchObject({ email, firstName: "Grace", roles: ["reader"], emailVerified: true });
    for (const [step, data] of [
      ["username", { username: `grace_${randomUUID().slice(0, 6)}` }],
      ["terms", { acceptedTerms: true, acceptedTracking: false }],
      ["genres", { genreIds: [] }],
      ["follow", { userIds: [] }],
    ] as const) {
      expect((await page.request.post(`/api/v1/me/onboarding/${step}`, { data })).status()).toBe(200);
    }
    expect(errors.filter((e) => !/status of 40[1-9]|status of 412/.test(e))).toEqual([]);
    await first.close();

    // Another browser: the same Google account is the same Quire user, and onboarding is over.
    const second = await browser.newContext();
    const again = await second.newPage();
    await again.goto("/auth/sign-in");
    await again.getByRole("button", { name: "Continue with Google" }).click();
    await signInAtProvider(again, email, "Grace");
    await expect(again).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    const returning = (await (await again.request.get("/api/v1/me")).json()).user;
    expect(returning.id).toBe(me.id);
    await second.close();
  });

  test("cancelling at the provider comes back to sign-in with a clear message", async ({ page }) => {
    await page.goto("/auth/sign-in");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page.getByRole("heading", { name: "Test identity provider" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/auth\/sign-in\?error=/);
    await expect(page.getByText("Sign-in was cancelled.")).toBeVisible();
  });
});
