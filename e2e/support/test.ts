import { test as base, type Page } from "@playwright/test";

export * from "@playwright/test";

type Navigation = NonNullable<Parameters<Page["goto"]>[1]>;

/**
 * A server-rendered page is readable before its app starts (docs/ssr.md: the app is requested after the first
 * paint, after the `load` event), and what a test types or chooses in it meanwhile is not seen. So every
 * navigation that waits for `load` (the default) also waits for the app to take the page over; pages without the
 * starter script are the browser-rendered app, already started. `waitUntil: "commit"` or `"domcontentloaded"`
 * opts out (a page whose scripts a test blocks).
 */
async function untilAppStarted(page: Page, options: Navigation | undefined) {
  if (options?.waitUntil === "commit" || options?.waitUntil === "domcontentloaded") return;
  if (!page.url().startsWith("http")) return;
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute("data-app-started") ||
      !document.querySelector('script[src="/start-after-paint.js"]'),
  );
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await untilAppStarted(page, options);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await untilAppStarted(page, options);
      return response;
    };
    await use(page);
  },
});
