import { expect, type Page, test } from "@playwright/test";
import { signedInReader } from "../support/accounts";
import { collectPageErrors } from "../support/page-checks";

const BOOK = "the-salt-lantern";
const OFFLINE_BANNER = "You're offline — downloaded books still open";

/** Until the service worker controls the page: it installs on the first visit and takes over at once. */
async function controlledByWorker(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

/** The first words of a chapter's text, as the API gives them. */
async function openingOf(page: Page, anchorId: string): Promise<string> {
  const response = await page.request.get(`/api/v1/books/${BOOK}/chapters/${anchorId}`);
  const { chapter } = (await response.json()) as { chapter: { html: string } };
  return chapter.html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 40);
}

const activeFrame = (page: Page) => page.locator('[data-testid=chapter-frame][data-active="true"]');

/** The `aria-valuenow` values the download's progress bar shows, recorded in the page as they change. */
async function recordDownloadProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { downloadProgress: number[] }).downloadProgress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="offline-download-progress"]');
      const value = Number(bar?.getAttribute("aria-valuenow") ?? Number.NaN);
      if (!Number.isNaN(value) && seen.at(-1) !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { downloadProgress: number[] }).downloadProgress);
}

test.describe("offline reading", () => {
  test("a downloaded book opens offline at the reader's place; once removed, the reader says it cannot open", async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    const errors = collectPageErrors(page);
    await signedInReader(page.request, "Olive");
    await page.setViewportSize({ width: 1280, height: 800 });
    const saved = await page.request.put(`/api/v1/books/${BOOK}/chapters/chapter-2/progress`, {
      data: { progress: 40, epubPosition: { anchorId: "chapter-2", offset: 0.4 } },
    });
    expect(saved.status()).toBe(200);
    const opening = await openingOf(page, "chapter-2");

    await page.goto(`/books/${BOOK}`);
    await controlledByWorker(page);
    const download = page.getByRole("button", { name: "Download for offline" });
    await expect(page.getByTestId("offline-storage")).toHaveText(/^\d+(\.\d)? (KB|MB|GB) free on this device$/);

    // Offline, the button says why it cannot work.
    await context.setOffline(true);
    await expect(page.getByRole("status").filter({ hasText: OFFLINE_BANNER })).toBeVisible();
    await expect(download).toBeDisabled();
    await expect(download).toHaveAccessibleDescription("You're offline: connect to download this book.");
    await context.setOffline(false);
    await expect(page.getByText(OFFLINE_BANNER)).toBeHidden();

    const progressShown = await recordDownloadProgress(page);
    await download.click();
    await expect(page.getByText("Downloaded for offline")).toBeVisible();
    await expect(page.getByTestId("offline-storage")).toHaveText(/^Uses \d+(\.\d)? (KB|MB) · \d+(\.\d)? (MB|GB) free$/);
    const shown = await progressShown();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.at(-1)).toBe(100);
    expect([...shown].sort((a, b) => a - b)).toEqual(shown);

    // No network: a fresh load of the reader comes from the precached shell and the download, at the saved place.
    await context.setOffline(true);
    await page.goto(`/read/${BOOK}`);
    await expect(page).toHaveURL(new RegExp(`/read/${BOOK}/chapter-2`));
    await expect(page.getByTestId("chapter-view")).toHaveAttribute("data-ready-anchor", "chapter-2");
    const text = await activeFrame(page).evaluate(
      (frame: HTMLIFrameElement) => frame.contentDocument?.querySelector(".quire-book")?.textContent ?? "",
    );
    expect(text.replace(/\s+/g, " ")).toContain(opening);

    // The book page works offline too, and removing the download is local.
    await page.goto(`/books/${BOOK}`);
    await expect(page.getByRole("status").filter({ hasText: OFFLINE_BANNER })).toBeVisible();
    await page.getByRole("button", { name: "Remove download" }).click();
    await expect(page.getByRole("button", { name: "Download for offline" })).toBeDisabled();

    await page.goto(`/read/${BOOK}/chapter-1`);
    await expect(page.getByRole("heading", { name: "This chapter couldn't be opened" })).toBeVisible({
      timeout: 15_000,
    });
    await context.setOffline(false);
    // Offline failures are the network's; the app itself logged no errors of its own.
    expect(errors.filter((error) => !/Failed to (fetch|load resource)|ERR_INTERNET_DISCONNECTED/.test(error))).toEqual(
      [],
    );
  });

  test("the app shell loads offline on a fresh visit to / after one online visit", async ({ page, context }) => {
    await page.goto("/");
    await controlledByWorker(page);
    await context.setOffline(true);
    await page.goto("/");
    await expect(page.getByRole("status").filter({ hasText: OFFLINE_BANNER })).toBeVisible();
    await expect(
      page
        .getByRole("link", { name: "Quire home" })
        .or(page.getByRole("link", { name: "Quire" }))
        .first(),
    ).toBeVisible();
    await context.setOffline(false);
  });
});
