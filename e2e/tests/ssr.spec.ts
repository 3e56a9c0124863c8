import { collectHydrationWarnings, collectPageErrors, ownErrors } from "../support/page-checks";
import { expect, type Page, test } from "../support/test";

/** A demo author (apps/server/src/seed/users.ts), seeded with the e2e data directory. */
const AUTHOR = { username: "mara_okafor", name: "Mara Okafor" };

interface Book {
  id: string;
  title: string;
}

/** The pages rendered on the server, the heading each shows, and the reads its HTML already answers. */
function pages(book: Book) {
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
      path: `/u/${AUTHOR.username}`,
      text: AUTHOR.name,
      answered: ["/api/auth/get-session", `/api/v1/users/by-username/${AUTHOR.username}`],
    },
  ];
}

async function trendingBook(page: Page): Promise<Book> {
  const { items } = (await (await page.request.get("/api/v1/books/trending")).json()) as { items: Book[] };
  const book = items[0];
  if (!book) throw new Error("the demo content has no trending book");
  return book;
}

test("server-rendered pages hydrate without a mismatch and without fetching their data again", async ({ page }) => {
  const errors = collectPageErrors(page);
  const warnings = collectHydrationWarnings(page);
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));

  for (const { path, text, answered } of pages(await trendingBook(page))) {
    requested.length = 0;
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: text })).toBeVisible();
    // Hydrated: the theme toggle's handler is attached and works.
    await page.locator("[data-testid=theme-toggle]:visible").click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.locator("[data-testid=theme-toggle]:visible").click();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await page.waitForLoadState("networkidle");
    expect(
      requested.filter((pathname) => answered.includes(pathname)),
      path,
    ).toEqual([]);
  }
  // React reports a hydration mismatch as a console error (#418/#423 in production builds).
  expect(ownErrors(errors)).toEqual([]);
  expect(warnings.filter((warning) => /hydrat/i.test(warning))).toEqual([]);
});

test("without JavaScript the pages still show their content", async ({ browser, page }) => {
  const book = await trendingBook(page);
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
