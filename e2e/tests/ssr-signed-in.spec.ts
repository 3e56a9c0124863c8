import { signedInReader } from "../support/accounts";
import { DEMO_AUTHOR, trendingBook } from "../support/demo-content";
import {
  collectGetPaths,
  collectHydrationWarnings,
  collectPageErrors,
  expectNotFetchedAgain,
  ownErrors,
} from "../support/page-checks";
import { expect, type Page, test } from "../support/test";

const STATE_TAG = /<script type="application\/json" id="quire-state">/;

async function firstChapter(page: Page, bookId: string): Promise<string> {
  const { items } = (await (await page.request.get(`/api/v1/books/${bookId}/chapters`)).json()) as {
    items: { anchorId: string }[];
  };
  const anchor = items[1]?.anchorId ?? items[0]?.anchorId;
  if (!anchor) throw new Error("the trending book has no chapter");
  return anchor;
}

test("a signed-in reader's pages arrive rendered with their own state and hydrate without fetching it again", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  const warnings = collectHydrationWarnings(page);
  // page.request shares the page's cookies: the reader signed in here is the one whose pages load below.
  const reader = await signedInReader(page.request, "Hydra");
  const book = await trendingBook(page.request);
  const anchor = await firstChapter(page, book.id);
  const profile = await page.request.get(`/api/v1/users/by-username/${DEMO_AUTHOR.username}`);
  const authorId = ((await profile.json()) as { user: { id: string } }).user.id;
  // The reader's own state, which each page must show as it arrives.
  expect((await page.request.put(`/api/v1/books/${book.id}/star`)).status()).toBe(200);
  expect((await page.request.put(`/api/v1/users/${authorId}/follow`)).status()).toBe(200);
  const progress = { progress: 5, currentChapter: anchor, epubPosition: { anchorId: anchor, offset: 0 } };
  expect((await page.request.put(`/api/v1/books/${book.id}/progress`, { data: progress })).status()).toBe(200);
  const settings = {
    layout: "scrolled",
    theme: "sepia",
    font: "serif",
    fontSize: 22,
    lineHeight: 1.7,
    margins: "normal",
  };
  expect((await page.request.put("/api/v1/me/reader-settings", { data: settings })).status()).toBe(200);
  const titleWord = book.title.split(/\s+/).find((word) => word.length > 3) ?? book.title;

  const pages = [
    {
      path: "/",
      html: [`Welcome back, ${reader.firstName}`],
      answered: ["/api/auth/get-session", "/api/v1/me/home"],
    },
    { path: "/browse", html: [reader.firstName], answered: ["/api/auth/get-session", "/api/v1/books"] },
    {
      path: `/search?q=${encodeURIComponent(titleWord)}`,
      html: [reader.firstName],
      answered: ["/api/auth/get-session", "/api/v1/search"],
    },
    {
      path: `/books/${book.id}`,
      html: [book.title, "Starred", "Continue reading"],
      answered: [
        "/api/auth/get-session",
        `/api/v1/books/${book.id}`,
        `/api/v1/books/${book.id}/viewer-state`,
        `/api/v1/books/${book.id}/progress`,
      ],
    },
    {
      path: `/u/${DEMO_AUTHOR.username}`,
      html: [DEMO_AUTHOR.name, "Following"],
      answered: [
        "/api/auth/get-session",
        `/api/v1/users/by-username/${DEMO_AUTHOR.username}`,
        `/api/v1/users/${authorId}/follow`,
      ],
    },
    {
      path: `/read/${book.id}/${anchor}`,
      html: ['data-reader-theme="sepia"'],
      answered: [
        "/api/auth/get-session",
        `/api/v1/books/${book.id}`,
        `/api/v1/books/${book.id}/chapters/${anchor}`,
        `/api/v1/books/${book.id}/progress`,
        "/api/v1/me/reader-settings",
      ],
    },
  ];

  const requested = collectGetPaths(page);
  for (const { path, html, answered } of pages) {
    // The HTML as it arrives, with the reader's cookie: rendered, private, with its data for the app.
    const arrival = await page.request.get(path);
    expect(arrival.headers()["cache-control"], path).toBe("private, no-store");
    const body = await arrival.text();
    expect(body, path).toMatch(STATE_TAG);
    for (const text of html) expect(body, `${path}: ${text}`).toContain(text);

    requested.length = 0;
    await page.goto(path);
    // The header's account menu is the reader's own; the reader's page has no header, its frame has their settings.
    if (path.startsWith("/read/")) {
      await expect(page.getByTestId("reader")).toHaveAttribute("data-reader-theme", "sepia");
      const overrides = () =>
        page
          .locator("[data-testid=chapter-frame][data-active=true]")
          .evaluate(
            (frame: HTMLIFrameElement) => frame.contentDocument?.getElementById("quire-reader-overrides")?.textContent,
          );
      await expect.poll(overrides).toContain("font-size: 22px");
    } else {
      await expect(page.getByTestId("account-menu-button").first()).toContainText(reader.firstName);
    }
    await expectNotFetchedAgain(page, requested, answered, path);
  }
  // React reports a hydration mismatch as a console error (#418/#423 in production builds).
  expect(ownErrors(errors)).toEqual([]);
  expect(warnings).toEqual([]);
});
