import type { Page } from "@playwright/test";

/** Until the service worker controls the page: it installs on the first visit and takes over at once. */
export async function controlledByWorker(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}
