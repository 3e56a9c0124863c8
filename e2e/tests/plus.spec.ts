import { mkdirSync } from "node:fs";
import { signedInReader } from "../support/accounts";
import { collectPageErrors, expectNoSeriousA11yViolations, ownErrors } from "../support/page-checks";
import { expect, test } from "../support/test";

const SHOTS = "/tmp/shots";

test.describe("Quire Plus", () => {
  test("prices follow the currency chosen in Settings → Region; a reader joins the beta", async ({ page }) => {
    const errors = collectPageErrors(page);
    await signedInReader(page.request, "Pia");
    await page.goto("/plus");
    const monthly = page.getByTestId("plus-price-monthly");
    // Loopback has no country: the fallback is the United States, so US dollars.
    await expect(monthly).toHaveText("$4.99");
    await expect(page.getByTestId("plus-rates")).toContainText("Prices shown in USD");

    await page.goto("/settings");
    await page.getByTestId("account-region").getByLabel("Currency").selectOption("EUR");
    await page.goto("/plus");
    await expect(monthly).toHaveText("€4.99");
    await expect(page.getByTestId("plus-price-yearly")).toHaveText("€43.99");
    await expect(page.getByTestId("plus-rates")).toHaveText(/^Prices shown in EUR · rates of \d{4}-\d{2}-\d{2}$/);
    // The bundled table is older than 30 days.
    await expect(page.getByText(/These exchange rates date from/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto("/settings");
    await page.getByTestId("account-region").getByLabel("Currency").selectOption("JPY");
    await page.goto("/plus");
    await expect(monthly).toHaveText("¥720");

    await page.getByRole("button", { name: "Join the beta" }).click();
    await expect(page.getByText("You're on the list")).toBeVisible();
    await page.reload();
    await expect(page.getByText("You're on the list")).toBeVisible();
    expect(ownErrors(errors)).toEqual([]);
  });

  test("looks right at 360 px and on a desktop, light and dark", async ({ page }) => {
    mkdirSync(SHOTS, { recursive: true });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [name, width, height] of [
        ["360", 360, 780],
        ["desktop", 1280, 900],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto("/plus");
        await expect(page.getByTestId("plus-price-monthly")).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SHOTS}/plus-${name}-${scheme}.png`, fullPage: true });
      }
    }
    await expectNoSeriousA11yViolations(page);
  });

  test("a visitor's Join the beta opens sign-up with the box ticked; its terms link opens /terms", async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto("/plus");
    await page.getByRole("link", { name: "Join the beta" }).click();
    await expect(page).toHaveURL(/\/auth\/sign-up\?beta=1$/);
    await expect(page.getByRole("checkbox", { name: "Sign me up for the beta" })).toBeChecked();
    const terms = page.getByRole("link", { name: "terms of use" });
    await expect(terms).toHaveAttribute("href", "/terms");

    await page.goto("/terms");
    await expect(page.getByRole("heading", { level: 1, name: "Terms of use" })).toBeVisible();
    // The consent banner's Privacy link, then the footer's links once the banner is answered.
    const banner = page.getByTestId("consent-banner");
    await banner.getByRole("link", { name: "Privacy" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
    await banner.getByRole("button", { name: "No thanks" }).click();
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Terms of use" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(ownErrors(errors)).toEqual([]);
  });
});
