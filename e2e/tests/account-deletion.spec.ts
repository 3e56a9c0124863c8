import { randomUUID } from "node:crypto";
import { linkIn, waitForMail } from "../support/outbox";
import { collectPageErrors, expectNoSeriousA11yViolations } from "../support/page-checks";
import { expect, test } from "../support/test";

const PASSWORD = "a long enough password";

test.describe("account deletion", () => {
  test("a reader confirms the emailed link with the ALTCHA check, under the app's CSP", async ({ page }) => {
    const errors = collectPageErrors(page);
    const email = `leaver-${randomUUID().slice(0, 8)}@example.test`;
    const signUp = await page.request.post("/api/auth/sign-up/email", {
      data: { email, password: PASSWORD, firstName: "Iris", acceptedTerms: true },
    });
    expect(signUp.status()).toBe(201);
    const verify = new URL(linkIn(await waitForMail(email, /mode=verifyEmail/), "mode=verifyEmail"));
    const token = verify.searchParams.get("token");
    expect((await page.request.post("/api/auth/verify-email", { data: { token } })).status()).toBe(200);
    const signIn = await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } });
    expect(signIn.status()).toBe(200);
    expect((await page.request.post("/api/v1/account-deletion")).status()).toBe(200);

    const link = new URL(linkIn(await waitForMail(email, /\/account\/delete\?token=/), "/account/delete"));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole("heading", { name: "Delete your account?" })).toBeVisible();
    const confirm = page.getByRole("button", { name: "Delete my account" });
    await expect(confirm).toBeDisabled();
    await expect(page.getByText("I'm not a robot")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The proof of work runs in ALTCHA's worker, a same-origin file: nothing the CSP refuses.
    await page.getByText("I'm not a robot").click();
    await expect(confirm).toBeEnabled({ timeout: 20_000 });
    await confirm.click();
    await expect(page.getByRole("heading", { name: "Your account has been deleted" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
    await waitForMail(email, /account and its data have been deleted/);

    expect((await page.request.get("/api/v1/me")).status()).toBe(401);
    const again = await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } });
    expect(again.status()).toBe(401);
    expect(errors.filter((e) => !/status of 40[1-9]/.test(e))).toEqual([]);
  });
});
