import { collectPageErrors, expectNoSeriousA11yViolations } from "../support/page-checks";
import { expect, type Page, type Request, test } from "../support/test";

const EVENTS = "/api/v1/analytics/events";
const isBatch = (request: Request) => new URL(request.url()).pathname === EVENTS && request.method() === "POST";

/** Every analytics batch the page sends, with the server's answer. */
function recordBatches(page: Page) {
  const batches: { body: { consent?: string; events: { name: string; route?: string }[] }; status: number }[] = [];
  page.on("requestfinished", async (request) => {
    if (!isBatch(request)) return;
    const response = await request.response();
    batches.push({ body: JSON.parse(request.postData() ?? "{}"), status: response?.status() ?? 0 });
  });
  return batches;
}

const banner = (page: Page) => page.getByRole("region", { name: "Usage statistics" });

test.describe("analytics consent", () => {
  test("a visitor who allows is counted by route pattern; the choice is remembered", async ({ page }) => {
    const errors = collectPageErrors(page);
    const batches = recordBatches(page);
    await page.goto("/");
    await expect(banner(page)).toContainText("No ads, no IP addresses.");
    await expect(banner(page).getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy");
    await expectNoSeriousA11yViolations(page);

    await banner(page).getByRole("button", { name: "Allow" }).click();
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole("link", { name: "Browse" }).first().click();
    await expect(page).toHaveURL(/\/browse$/);
    const firstBook = page.locator('a[href^="/books/"]').first();
    await firstBook.click();
    await expect(page).toHaveURL(/\/books\/[^/]+$/);

    // The queue is sent every 5 s: both page views arrive, accepted, as patterns.
    await expect
      .poll(() => batches.flatMap((batch) => batch.body.events.map((event) => event.route)), {
        timeout: 15_000,
      })
      .toEqual(expect.arrayContaining(["/browse", "/books/:id"]));
    expect(batches.every((batch) => batch.status === 202 && batch.body.consent === "granted")).toBe(true);
    expect(JSON.stringify(batches)).not.toMatch(/\/books\/(?!:id)/);

    await page.reload();
    await expect(page.getByRole("main")).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("a visitor who declines sends nothing, and is not asked again", async ({ page }) => {
    let sent = 0;
    page.on("request", (request) => {
      if (isBatch(request)) sent++;
    });
    await page.goto("/");
    await banner(page).getByRole("button", { name: "No thanks" }).click();
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole("link", { name: "Browse" }).first().click();
    await expect(page).toHaveURL(/\/browse$/);
    // Longer than the queue's 5 s, and the page hidden (the beacon's moment): still nothing.
    await page.waitForTimeout(6_000);
    await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
    await page.reload();
    await expect(page.getByRole("main")).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    expect(sent).toBe(0);
  });

  test("Global Privacy Control: no banner, nothing sent", async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, "globalPrivacyControl", { value: true }));
    let sent = 0;
    page.on("request", (request) => {
      if (isBatch(request)) sent++;
    });
    await page.goto("/");
    await expect(page.getByRole("main")).toBeVisible();
    await page.waitForTimeout(1_500);
    await expect(banner(page)).toHaveCount(0);
    expect(sent).toBe(0);
  });

  test("on a 360 px phone the banner leaves the page's end reachable: the footer scrolls clear of it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/browse");
    await expect(banner(page)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerLinks = page.getByRole("contentinfo").getByRole("link");
    const lastLink = await footerLinks.last().boundingBox();
    const bannerBox = await banner(page).boundingBox();
    expect(lastLink && bannerBox).toBeTruthy();
    if (!lastLink || !bannerBox) return;
    expect(lastLink.y + lastLink.height).toBeLessThanOrEqual(bannerBox.y);

    // Answered, the room goes with it.
    await banner(page).getByRole("button", { name: "No thanks" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue("--q-overlay-space"))).toBe("");
  });
});
