import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { signedInReader, TEST_PASSWORD } from "../support/accounts";
import { collectPageErrors, expectNoSeriousA11yViolations } from "../support/page-checks";
import { type Browser, type BrowserContextOptions, expect, test } from "../support/test";

const SHOTS = process.env.ADMIN_ANALYTICS_SHOTS_DIR ?? "/tmp/shots";

/** The `quire` command on the e2e server's data, as an operator runs it. */
function quire(...args: string[]): string {
  return execFileSync("node", ["--import", "tsx", "../apps/server/src/cli.ts", ...args], {
    cwd: join(import.meta.dirname, ".."),
    env: { ...process.env, QUIRE_DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
}

async function signedInContext(browser: Browser, email: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  const signIn = await context.request.post("/api/auth/sign-in/email", { data: { email, password: TEST_PASSWORD } });
  expect(signIn.status()).toBe(200);
  return context;
}

test.describe("admin analytics", () => {
  let adminEmail = "";

  test.beforeAll(async ({ browser }) => {
    const setup = await browser.newContext();
    // Two sign-ups today, so the sign-up chart and the funnel have something to draw.
    await signedInReader(setup.request, "Rita");
    adminEmail = (await signedInReader(setup.request, "Ada")).email;
    await setup.close();
    quire("admin", "grant", adminEmail);
  });

  test("an administrator opens the dashboard from the account menu; its charts draw the range's figures", async ({
    browser,
  }) => {
    const context = await signedInContext(browser, adminEmail);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto("/");
    await page.getByTestId("account-menu-button").click();
    await page.getByTestId("account-menu").getByRole("link", { name: "Analytics" }).click();
    await expect(page).toHaveURL(/\/admin\/analytics$/);

    const charts = page.getByTestId("time-chart");
    await expect(charts).toHaveCount(4);
    await expect(charts.locator("canvas")).toHaveCount(4);
    // uPlot's legend shows the series; the sign-up chart's label names at least the two sign-ups of today.
    await expect(
      page.getByRole("img", { name: /Sign-ups per day, 30 days\. Sign-ups: [2-9]\d* in total/ }),
    ).toBeVisible();
    const funnel = page.getByTestId("funnel");
    await expect(funnel).toContainText("Signed up");

    await page.getByRole("button", { name: "7 days" }).click();
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
    await expect(page.getByRole("img", { name: /Sign-ups per day, 7 days/ })).toBeVisible();
    const csv = await context.request.get((await page.getByTestId("analytics-csv").getAttribute("href")) ?? "");
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="quire-analytics-.+\.csv"$/);
    expect(await csv.text()).toContain("Funnel");
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a reader who is not an administrator sees no link and no figures", async ({ browser }) => {
    const context = await browser.newContext();
    await signedInReader(context.request, "Nora");
    const page = await context.newPage();
    await page.goto("/admin/analytics");
    await expect(page.getByText("Only administrators can do this.")).toBeVisible();
    await page.getByTestId("account-menu-button").click();
    await expect(page.getByTestId("account-menu").getByRole("link", { name: "Analytics" })).toHaveCount(0);
    expect((await context.request.get("/api/v1/admin/analytics/summary?from=2026-01-01&to=2026-01-02")).status()).toBe(
      403,
    );
    await context.close();
  });

  test("screenshots: desktop and 360 px, light and dark", async ({ browser }) => {
    test.setTimeout(90_000);
    mkdirSync(SHOTS, { recursive: true });
    for (const theme of ["light", "dark"] as const) {
      for (const [name, viewport] of [
        ["desktop", { width: 1280, height: 1400 }],
        ["360", { width: 360, height: 1600 }],
      ] as const) {
        const context = await signedInContext(browser, adminEmail, { viewport, colorScheme: theme });
        const page = await context.newPage();
        await page.goto("/admin/analytics");
        await expect(page.getByTestId("time-chart").locator("canvas")).toHaveCount(4);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: join(SHOTS, `admin-analytics-${name}-${theme}.png`), fullPage: true });
        await context.close();
      }
    }
  });
});
