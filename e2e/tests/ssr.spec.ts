import { DEMO_AUTHOR, type DemoBook, trendingBook } from "../support/demo-content";
import {
  collectGetPaths,
  collectHydrationWarnings,
  collectPageErrors,
  expectNotFetchedAgain,
  ownErrors,
} from "../support/page-checks";
import { expect, test } from "../support/test";

/** The pages rendered on the server, the heading each shows, and the reads its HTML already answers. */
function pages(book: DemoBook) {
  return [
    {
      path: "/",
      text: "Read, track and share the books you love.",
      answered: ["/api/auth/get-session", "/api/v1/books/trending"],
    },
    {
      path: `/books/${book.id}`,
      text: book.title,
      answered: ["/api/auth/get-session", `/api/v1/books/${book.id}`, `/api/v1/books/${book.id}/chapters`],
    },
    {
      path: `/u/${DEMO_AUTHOR.username}`,
      text: DEMO_AUTHOR.name,
      answered: ["/api/auth/get-session", `/api/v1/users/by-username/${DEMO_AUTHOR.username}`],
    },
  ];
}

test("server-rendered pages hydrate without a mismatch and without fetching their data again", async ({ page }) => {
  const errors = collectPageErrors(page);
  const warnings = collectHydrationWarnings(page);
  const requested = collectGetPaths(page);

  for (const { path, text, answered } of pages(await trendingBook(page.request))) {
    requested.length = 0;
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: text })).toBeVisible();
    // Hydrated: the theme toggle's handler is attached and works.
    await page.locator("[data-testid=theme-toggle]:visible").click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.locator("[data-testid=theme-toggle]:visible").click();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await expectNotFetchedAgain(page, requested, answered, path);
  }
  // React reports a hydration mismatch as a console error (#418/#423 in production builds).
  expect(ownErrors(errors)).toEqual([]);
  expect(warnings.filter((warning) => /hydrat/i.test(warning))).toEqual([]);
});

test("without JavaScript the pages still show their content", async ({ browser, page }) => {
  const book = await trendingBook(page.request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const noScript = await context.newPage();
    for (const { path, text } of pages(book)) {
      await noScript.goto(path);
      await expect(noScript.getByRole("heading", { level: 1, name: text }), path).toBeVisible();
    }
    await noScript.goto("/books/no-such-book");
    await expect(noScript.getByRole("heading", { name: "Book not found" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("the app's files are asked for only after the page has painted its text", async ({ page }) => {
  for (const { path } of pages(await trendingBook(page.request))) {
    await page.goto(path);
    const timing = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js") && entry.name.includes("/assets/"))
        .map((entry) => entry.startTime),
    }));
    expect(timing.firstContentfulPaint, path).toBeGreaterThan(0);
    expect(timing.scripts.length, path).toBeGreaterThan(0);
    expect(Math.min(...timing.scripts), path).toBeGreaterThan(timing.firstContentfulPaint as number);
  }
});
