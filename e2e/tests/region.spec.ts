import { signedInReader } from "../support/accounts";
import { collectPageErrors, expectNoSeriousA11yViolations, ownErrors } from "../support/page-checks";
import { expect, test } from "../support/test";

test.describe("Settings → Region", () => {
  test("shows what was detected and keeps a country chosen instead", async ({ page }) => {
    const errors = collectPageErrors(page);
    await signedInReader(page.request, "Rhea");
    await page.goto("/settings");
    const card = page.getByTestId("account-region");
    // The test server is on loopback, which no country owns: the real API answers the fallback.
    await expect(card.getByText("Detected: United States (USD)")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await card.getByLabel("Country").selectOption({ label: "France" });
    await page.reload();
    await expect(card.getByLabel("Country")).toHaveValue("FR");
    await expect(card.getByText("Detected: United States (USD)")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("quire.region-overrides"))).toBe(
      JSON.stringify({ country: "FR", currency: null }),
    );

    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(ownErrors(errors)).toEqual([]);
  });
});
