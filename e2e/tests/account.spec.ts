import { randomUUID } from "node:crypto";
import { statSync } from "node:fs";
import { join } from "node:path";
import { linkIn, waitForMail } from "../support/outbox";
import { collectPageErrors, expectNoSeriousA11yViolations } from "../support/page-checks";
import { expect, type Page, test } from "../support/test";

const PASSWORD = "a long enough password";
// A real cover from the shared corpus (never copied into the repository): over 256 KB, so it goes the resumable way.
const COVER = join(
  import.meta.dirname,
  "../../../shared/corpus/standard-ebooks/arthur-conan-doyle_the-adventures-of-sherlock-holmes.cover.jpg",
);

async function signIn(page: Page, email: string, next = "") {
  await page.goto(`/auth/sign-in${next ? `?next=${encodeURIComponent(next)}` : ""}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test.describe("a new reader", () => {
  test("signs up, verifies, onboards, uploads an avatar, and deletes the account", async ({ page }) => {
    test.setTimeout(90_000);
    expect(statSync(COVER).size).toBeGreaterThan(256 * 1024);
    const errors = collectPageErrors(page);
    const email = `reader-${randomUUID().slice(0, 8)}@example.test`;
    const username = `iris_${randomUUID().slice(0, 6)}`;

    // Sign up.
    await page.goto("/");
    await page.getByRole("link", { name: "Sign in" }).first().click();
    await expect(page).toHaveURL(/\/auth\/sign-in/);
    await page
      .getByRole("link", { name: /create an account|sign up/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/auth\/sign-up/);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("First name").fill("Iris");
    await page.getByLabel("Last name").fill("Reader");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    // The API still says SPEC §8's "acceptedTerms must be true"; the form says it for people, beside the box.
    await expect(page.getByText("Please accept the terms to continue.").first()).toBeVisible();
    await expect(page.getByText("acceptedTerms must be true")).toHaveCount(0);
    await page.getByLabel("I accept the terms of use").check();
    await page.getByLabel("Help improve Quire with usage analytics").check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

    // Signing in before verifying gets the spec's message; the emailed link verifies.
    await signIn(page, email);
    await expect(
      page.getByText("Your email is not verified. Please check your email for the verification link!"),
    ).toBeVisible();
    const verification = new URL(linkIn(await waitForMail(email, /mode=verifyEmail/), "mode=verifyEmail"));
    await page.goto(`${verification.pathname}${verification.search}`);
    await expect(page.getByText(/verified/i).first()).toBeVisible();
    // "Sign in" from the verified page comes with the address filled in.
    await page.getByTestId("email-verified").getByRole("link", { name: "Sign in" }).click();
    await expect(page.getByLabel("Email")).toHaveValue(email);

    // The first sign-in goes to the first incomplete onboarding step (the name is known from sign-up).
    await signIn(page, email, "/browse");
    await expect(page).toHaveURL(/\/auth\/onboarding\/username\?next=%2Fbrowse$/);
    await expect(page.getByText("Step 2 of 5")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("textbox", { name: "Username" }).fill(username);
    await page.getByRole("button", { name: "Continue" }).click();
    // Terms were accepted at sign-up: the terms step is not asked again.
    await expect(page).toHaveURL(/\/auth\/onboarding\/genres/);
    await page.getByRole("group", { name: "Genres" }).getByRole("button").first().click();
    await expect(page.getByText("1 chosen")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/auth\/onboarding\/follow/);
    await page
      .getByRole("button", { name: /^Follow / })
      .first()
      .click();
    await page.getByRole("button", { name: "Finish" }).click();
    await expect(page).toHaveURL(/\/browse$/);
    await expect(page.getByTestId("account-menu-button")).toContainText("Iris");
    await waitForMail(email, /your account is ready/);

    // A finished user never sees onboarding again, also after signing out and in.
    const me = (await (await page.request.get("/api/v1/me")).json()).user;
    expect(me).toMatchObject({ username, acceptedTracking: true, nFollowing: 1, onboarding: { finished: true } });
    await page.goto("/auth/onboarding/first-name");
    await expect(page).toHaveURL(/\/$/);
    const menu = page.getByTestId("account-menu-button");
    await menu.click();
    await page
      .getByRole("menuitem", { name: "Sign out" })
      .or(page.getByRole("button", { name: "Sign out" }))
      .first()
      .click();
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
    expect((await page.request.get("/api/v1/me")).status()).toBe(401);
    await signIn(page, email, "/browse");
    await expect(page).toHaveURL(/\/browse$/);

    // Edit the profile and upload a real cover as the avatar, pausing and resuming the upload on the way.
    await page.goto("/settings");
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId("edit-profile-link").click();
    await expect(page).toHaveURL(/\/settings\/profile$/);
    await page.getByLabel("About you").fill("Reads detective stories by lamplight.");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByTestId("profile-saved")).toBeVisible();

    // A slow network, so there is time to pause between the resumable upload's parts.
    await page.route("**/api/v1/uploads/**", async (route) => {
      if (route.request().method() === "PATCH") await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    const avatar = page.getByTestId("avatar-upload");
    await avatar.getByLabel("Profile picture").setInputFiles(COVER);
    const progress = avatar.getByRole("progressbar", { name: "Uploading profile picture" });
    await expect(progress).toBeVisible();
    await avatar.getByRole("button", { name: "Pause" }).click();
    await expect(avatar.getByText(/^Paused · /)).toBeVisible();
    await avatar.getByRole("button", { name: "Resume" }).click();
    await expect(avatar.getByTestId("avatar-uploaded")).toBeVisible({ timeout: 30_000 });
    await page.unroute("**/api/v1/uploads/**");
    const preview = avatar.getByTestId("avatar-preview");
    await expect(preview).toHaveAttribute("src", /\/users-avatars\/.+\/thumbs\/.+_268x268\.jpeg$/);
    await expect
      .poll(() =>
        preview.evaluate((img: HTMLImageElement) => (img.complete ? Math.max(img.naturalWidth, img.naturalHeight) : 0)),
      )
      .toBe(268);
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/u/${username}`);
    await expect(page.getByText("Reads detective stories by lamplight.")).toBeVisible();
    await expect(page.getByTestId("profile-page").locator("img[src*='users-avatars']").first()).toBeVisible();

    // Delete the account through the emailed link and the captcha.
    await page.goto("/settings");
    await page.getByTestId("delete-account").click();
    await expect(page.getByTestId("deletion-link-sent")).toBeVisible();
    const deletion = new URL(linkIn(await waitForMail(email, /\/account\/delete\?token=/), "/account/delete"));
    await page.goto(`${deletion.pathname}${deletion.search}`);
    const confirm = page.getByRole("button", { name: "Delete my account" });
    await expect(confirm).toBeDisabled();
    await page.getByText("I'm not a robot").click();
    await expect(confirm).toBeEnabled({ timeout: 20_000 });
    await confirm.click();
    await expect(page.getByRole("heading", { name: "Your account has been deleted" })).toBeVisible();

    await signIn(page, email);
    await expect(page.getByText("Incorrect email or password.")).toBeVisible();
    expect((await page.request.get(`/api/v1/users/by-username/${username}`)).status()).toBe(404);
    expect(errors.filter((e) => !/status of 40[1-9]|status of 412/.test(e))).toEqual([]);
  });
});
