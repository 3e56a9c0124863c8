import { mkdirSync } from "node:fs";
import { collectPageErrors } from "../support/page-checks";
import { type Browser, devices, expect, type Page, test } from "../support/test";

// SPEC §2's phone behaviours in Chromium at 360 px: the rotation lock (mobile user agents only), the
// bottom bar giving way to the keyboard, the safe-area measure, and the reader full screen, looked at.
const PHONE = { viewport: { width: 360, height: 740 }, userAgent: devices["Pixel 7"].userAgent, hasTouch: true };
const DESKTOP_UA = devices["Desktop Chrome"].userAgent;
const BOOK = "/read/the-salt-lantern";
const SHOTS = "/tmp/shots";

/** Console errors that are the app's (the sandbox refuses Playwright's own snapshot script in the frame). */
const ownErrors = (errors: string[]) =>
  errors.filter((error) => !/Blocked script execution in 'about:srcdoc'/.test(error));

async function openReader(page: Page) {
  await page.goto(BOOK);
  await expect(page.getByTestId("chapter-view")).toHaveAttribute("data-ready-anchor", /.+/);
}

async function readerSettings(browser: Browser, userAgent: string) {
  const context = await browser.newContext({ ...PHONE, userAgent });
  const page = await context.newPage();
  await openReader(page);
  await page.getByRole("button", { name: "Reading settings" }).click();
  await expect(page.getByRole("group", { name: "Layout" })).toBeVisible();
  return { context, page, rotation: page.getByRole("group", { name: "Lock rotation" }) };
}

test("the rotation lock is offered on a phone only, and kept on this device", async ({ browser }) => {
  const desktop = await readerSettings(browser, DESKTOP_UA);
  await expect(desktop.rotation).toHaveCount(0);
  await desktop.context.close();

  const phone = await readerSettings(browser, PHONE.userAgent);
  const errors = collectPageErrors(phone.page);
  await expect(phone.rotation.getByRole("radio", { name: "Any" })).toBeChecked();
  // Chromium refuses a lock outside full screen; the choice is kept all the same, without an error.
  await phone.rotation.getByRole("radio", { name: "Landscape" }).check();
  await phone.page.reload();
  await expect(phone.page.getByTestId("chapter-view")).toHaveAttribute("data-ready-anchor", /.+/);
  await phone.page.getByRole("button", { name: "Reading settings" }).click();
  await expect(phone.rotation.getByRole("radio", { name: "Landscape" })).toBeChecked();
  await phone.rotation.scrollIntoViewIfNeeded();
  mkdirSync(SHOTS, { recursive: true });
  await phone.page.screenshot({ path: `${SHOTS}/reader-360-settings.png` });
  expect(ownErrors(errors)).toEqual([]);
  await phone.context.close();
});

test.describe("on a phone", () => {
  test.use(PHONE);

  test("the bottom bar hides while the keyboard takes the screen", async ({ page }) => {
    await page.goto("/auth/sign-in");
    const bottomBar = page.getByTestId("bottom-nav");
    await expect(bottomBar).toBeVisible();
    // Headless Chromium has no safe areas: the measure finds zeros and keeps polling for up to 20 s.
    await expect(page.locator("html")).toHaveAttribute("data-safe-area", "polling");
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue("--q-safe-bottom"))).toBe("0px");

    await page.getByLabel("Email").focus();
    // The keyboard shrinks the visual viewport by about 300 px.
    await page.setViewportSize({ width: 360, height: 440 });
    await expect(bottomBar).toBeHidden();
    await page.setViewportSize(PHONE.viewport);
    await expect(bottomBar).toBeVisible();
  });

  test("the reader full screen at 360 px (screenshots in /tmp/shots)", async ({ page }) => {
    mkdirSync(SHOTS, { recursive: true });
    const errors = collectPageErrors(page);
    await openReader(page);
    await page.screenshot({ path: `${SHOTS}/reader-360.png` });

    await page.getByRole("button", { name: "Full screen" }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await page.getByRole("button", { name: "Exit full screen" }).waitFor();
    await page.screenshot({ path: `${SHOTS}/reader-360-fullscreen.png` });

    // A tap in the middle of the page hides the reader's own bars: the page alone, as in the app's immersive mode.
    const frame = page.locator('[data-testid=chapter-frame][data-active="true"]');
    await frame.tap();
    await expect(page.getByRole("button", { name: "Exit full screen" })).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/reader-360-immersive.png` });
    expect(ownErrors(errors)).toEqual([]);
  });
});
