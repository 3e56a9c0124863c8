import { signedInReader } from "../support/accounts";
import { importBook, SHERLOCK } from "../support/corpus-books";
import { collectPageErrors, expectNoSeriousA11yViolations, ownErrors } from "../support/page-checks";
import { controlledByWorker } from "../support/service-worker";
import { type BrowserContext, expect, type Page, test } from "../support/test";

const BOOK = "the-salt-lantern";
const OFFLINE_BANNER = "You're offline — downloaded books still open";

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

/** Offline as on a later day: the browser's HTTP cache no longer holds what was fetched online. */
async function goOffline(page: Page, context: BrowserContext) {
  const devtools = await context.newCDPSession(page);
  await devtools.send("Network.clearBrowserCache");
  await devtools.detach();
  await context.setOffline(true);
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
    await expectNoSeriousA11yViolations(page);

    // The library lists it, with its size, and marks its continue-reading card.
    await page.goto("/library");
    const downloaded = page.getByRole("region", { name: "Downloaded" });
    await expect(downloaded.getByRole("link", { name: "The Salt Lantern" })).toHaveAttribute("href", `/read/${BOOK}`);
    await expect(downloaded.getByRole("button", { name: "Remove download of The Salt Lantern" })).toBeVisible();
    await expect(page.getByTestId("continue-item").getByText("Downloaded")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // No network: a fresh load of the reader comes from the precached shell and the download, at the saved place.
    await goOffline(page, context);
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
    const offlineFailures = /Failed to (fetch|load resource)|ERR_INTERNET_DISCONNECTED/;
    expect(ownErrors(errors).filter((error) => !offlineFailures.test(error))).toEqual([]);
  });

  test("a downloaded classic keeps its pictures: offline, the title page's image still shows", async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    const sherlock = importBook(SHERLOCK);
    await page.goto(`/books/${sherlock}`);
    await controlledByWorker(page);
    await page.getByRole("button", { name: "Download for offline" }).click();
    await expect(page.getByText("Downloaded for offline")).toBeVisible({ timeout: 30_000 });

    await goOffline(page, context);
    await page.goto(`/read/${sherlock}/titlepage`);
    await expect(page.getByTestId("chapter-view")).toHaveAttribute("data-ready-anchor", "titlepage");
    const picture = activeFrame(page).evaluate(async (frame: HTMLIFrameElement) => {
      const image = frame.contentDocument?.querySelector("img");
      if (!image) return "no image";
      await image.decode().catch(() => undefined);
      return image.complete && image.naturalWidth > 0 ? "shown" : `broken: ${image.src}`;
    });
    expect(await picture).toBe("shown");
    await context.setOffline(false);
  });

  test("the app shell loads offline on a fresh visit to / after one online visit", async ({ page, context }) => {
    await page.goto("/");
    await controlledByWorker(page);
    await goOffline(page, context);
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
