import { signedInReader } from "../support/accounts";
import { collectPageErrors, expectNoSeriousA11yViolations } from "../support/page-checks";
import { type BrowserContext, expect, type Page, test } from "../support/test";

/*
 * Web Push in a real Chromium. Headless Chromium has no push service to subscribe at, so the
 * subscription itself fails here (the spec checks that this is said clearly); the service worker,
 * permissions, notification display and click-through data are all real.
 */

// The exact texts of apps/web/src/features/push/push-errors.ts.
const BLOCKED =
  "Notifications are blocked for Quire in this browser. Allow them in your browser's site settings, then try again.";
const SUBSCRIBE_FAILED = "Your browser couldn't subscribe to push notifications. Try again later.";

async function settingsOf(context: BrowserContext, name: string): Promise<Page> {
  const page = await context.newPage();
  await signedInReader(page.request, name);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Push notifications" })).toBeVisible();
  return page;
}

test.describe("push notifications", () => {
  test("serves the service worker as uncached JavaScript at /sw.js", async ({ request }) => {
    const response = await request.get("/sw.js");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/javascript/);
    expect(response.headers()["cache-control"]).toBe("no-cache");
    expect(await response.text()).toContain('addEventListener("push"');
  });

  test("a browser where notifications are blocked says so, and settings pass axe", async ({ browser }) => {
    // Playwright's contexts answer every permission request with "denied" unless granted.
    const context = await browser.newContext({ permissions: [] });
    const page = await settingsOf(context, "Blocked");
    const errors = collectPageErrors(page);
    const section = page.getByTestId("account-push");
    await expect(section.getByTestId("push-state")).toHaveText("Blocked in this browser's settings.");
    await expect(section.getByTestId("push-note")).toHaveText(BLOCKED);
    await expect(section.getByRole("switch", { name: "Push notifications on this device" })).toBeDisabled();
    await expect(page.getByRole("heading", { name: "Notification preferences" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "New followers Push" })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("with permission, the worker registers at /sw.js; a failed subscribe is explained; a push is shown", async ({
    browser,
  }) => {
    const context = await browser.newContext({ permissions: ["notifications"] });
    const page = await settingsOf(context, "Granted");
    const section = page.getByTestId("account-push");
    const toggle = section.getByRole("switch", { name: "Push notifications on this device" });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await toggle.click();
    await expect(section.getByRole("alert")).toHaveText(SUBSCRIBE_FAILED);
    await expect(toggle).toHaveAttribute("aria-checked", "false");

    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, script: registration.active?.scriptURL };
    });
    const origin = new URL(page.url()).origin;
    expect(worker).toEqual({ scope: `${origin}/`, script: `${origin}/sw.js` });

    // What the server's push sender would deliver, handed to the worker through DevTools.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
    await cdp.send("ServiceWorker.enable");
    await expect.poll(() => registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)).toBeTruthy();
    const registrationId = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)?.registrationId;
    const payload = {
      notificationId: "notification-e2e-1",
      type: "new follower",
      title: "New follower",
      body: "Grace Tester started following you.",
      url: "/u/grace_tester",
    };
    for (let delivery = 0; delivery < 2; delivery += 1) {
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin,
        registrationId: String(registrationId),
        data: JSON.stringify(payload),
      });
    }
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data,
        })),
      );
    // Delivered twice, shown once: the notification id is the tag.
    await expect
      .poll(shown)
      .toEqual([{ title: payload.title, body: payload.body, tag: payload.notificationId, data: { url: payload.url } }]);
    await context.close();
  });

  test("a notification preference survives a reload", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await settingsOf(context, "Prefs");
    const startedReadingPush = page.getByRole("checkbox", { name: "Started reading Push" });
    await expect(startedReadingPush).toBeChecked();
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/v1/me/notification-preferences") && response.request().method() === "PUT",
    );
    await startedReadingPush.uncheck();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Started reading Push" })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Started reading In-app" })).toBeChecked();
    await context.close();
  });
});
