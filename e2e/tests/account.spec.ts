import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { linkIn, waitForMail } from "../support/outbox";
import { collectPageErrors, expectNoSeriousA11yViolations } from "../support/page-checks";

const PASSWORD = "a long enough password";

test.describe("a new reader", () => {
  test("signs up, verifies their email, signs in, and signs out", async ({ page }) => {
    const errors = collectPageErrors(page);
    const email = `reader-${randomUUID().slice(0, 8)}@example.test`;

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
    await expect(page.getByRole("alert").or(page.getByText("acceptedTerms must be true")).first()).toBeVisible();
    await page.getByLabel("I accept the terms of use").check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    // Signing in before verifying gets the spec's message.
    await page.goto("/auth/sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(
      page.getByText("Your email is not verified. Please check your email for the verification link!"),
    ).toBeVisible();

    const mail = await waitForMail(email, /mode=verifyEmail/);
    const link = new URL(linkIn(mail, "mode=verifyEmail"));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText(/verified/i).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto("/auth/sign-in?next=/browse");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/browse$/);
    const menu = page.getByTestId("account-menu-button");
    await expect(menu).toBeVisible();
    await expect(menu).toContainText("Iris");
    await waitForMail(email, /./, 10_000).then((m) => expect(m.to).toBe(email));

    // The session survives a reload (HttpOnly cookie), then signing out ends it.
    await page.reload();
    await expect(menu).toBeVisible();
    await menu.click();
    await page
      .getByRole("menuitem", { name: "Sign out" })
      .or(page.getByRole("button", { name: "Sign out" }))
      .first()
      .click();
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
    const me = await page.request.get("/api/v1/me");
    expect(me.status()).toBe(401);
    expect(errors.filter((e) => !/status of 40[1-9]|status of 412/.test(e))).toEqual([]);
  });
});
