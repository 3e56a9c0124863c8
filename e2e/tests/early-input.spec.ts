import { signedInReader } from "../support/accounts";
import { trendingBook } from "../support/demo-content";
import { collectHydrationWarnings, collectPageErrors, ownErrors } from "../support/page-checks";
import { expect, type Page, test } from "../support/test";

/**
 * Holds the app's JavaScript until the test lets it through, so the server-rendered page stays unstarted for as
 * long as the test needs to tap and type in it (docs/ssr.md, *Early taps and typing*).
 */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const appStarted = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute("data-app-started"));

/** Opens a server-rendered page without waiting for its app to start (support/test.ts waits on `load`). */
async function openUnstarted(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: "domcontentloaded" });
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  expect(await appStarted(page)).toBe(false);
}

test("a Star tapped twice and a search typed before the app starts are kept once it has", async ({ page }) => {
  test.setTimeout(60_000);
  const errors = collectPageErrors(page);
  const warnings = collectHydrationWarnings(page);
  await signedInReader(page.request, "Early");
  const book = await trendingBook(page.request);
  const titleWord = book.title.split(/\s+/).find((word) => word.length > 3) ?? book.title;
  const starWrites: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === `/api/v1/books/${book.id}/star`) starWrites.push(request.method());
  });
  const release = await holdAppScripts(page);

  await openUnstarted(page, `/books/${book.id}`);
  const star = page.getByTestId("star-button");
  await expect(star).toHaveAttribute("aria-pressed", "false");
  // An impatient double tap: once the app runs it must star the book, not star and unstar it.
  await star.click();
  await star.click();
  await expect.soft(star).toHaveAttribute("data-early-pressed", "");
  const field = page.getByTestId("search-field");
  await field.click();
  await field.pressSequentially(titleWord);
  // Everything above happened before the app started.
  expect(await appStarted(page)).toBe(false);
  expect(starWrites).toEqual([]);

  release();
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-app-started"));
  await expect(star).toHaveAttribute("aria-pressed", "true");
  await expect(star).toContainText("Starred");
  await expect(star).not.toHaveAttribute("data-early-pressed");
  const viewerState = await page.request.get(`/api/v1/books/${book.id}/viewer-state`);
  expect(((await viewerState.json()) as { starred: boolean }).starred).toBe(true);
  expect(starWrites).toEqual(["PUT"]);

  // The typed text survived the app's renders, React has it (the suggestions for it), and the caret is still in it.
  await expect(field).toHaveValue(titleWord);
  await expect(page.getByTestId("search-suggestions")).toBeVisible();
  await expect(page.getByTestId("search-suggestions")).toContainText(`Search for “${titleWord}”`);
  await expect(page.getByTestId("suggestion-book").first()).toBeVisible();
  await expect(field).toBeFocused();
  const caret = await field.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd]);
  expect(caret).toEqual([titleWord.length, titleWord.length]);
  // A keystroke after the start goes on from there.
  await field.press("End");
  await field.pressSequentially("x");
  await expect(field).toHaveValue(`${titleWord}x`);
  await expect(page.getByTestId("search-suggestions")).toContainText(`Search for “${titleWord}x”`);
  // The held button's cue is no hydration mismatch for a production build.
  expect(ownErrors(errors)).toEqual([]);
  expect(warnings).toEqual([]);
});

test("a link tapped before the app starts navigates without it", async ({ page }) => {
  await signedInReader(page.request, "Linker");
  const book = await trendingBook(page.request);
  await holdAppScripts(page);

  await openUnstarted(page, `/books/${book.id}`);
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Browse" }).click();
  await page.waitForURL("**/browse");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
