import { type Browser, test as base, type Page } from "@playwright/test";

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

/** Navigations of this page wait for its app to start (untilAppStarted). */
function waitingForApp(page: Page): Page {
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
  return page;
}

/** Pages a test opens itself (a second reader's context, a phone's viewport) wait for their app as `page` does. */
function waitingForAppInNewPages(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    // Without JavaScript no app starts, and the wait could not run in the page either.
    if (options?.javaScriptEnabled === false) return context;
    const newPage = context.newPage.bind(context);
    context.newPage = async () => waitingForApp(await newPage());
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    return options?.javaScriptEnabled === false ? page : waitingForApp(page);
  };
  return browser;
}

export const test = base.extend<object, object>({
  page: async ({ page }, use) => {
    await use(waitingForApp(page));
  },
  browser: [
    async ({ browser }, use) => {
      await use(waitingForAppInNewPages(browser));
    },
    { scope: "worker" },
  ],
});
