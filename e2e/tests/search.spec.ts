import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importBook, SHERLOCK } from "../support/corpus-books";
import { collectPageErrors, expectNoSeriousA11yViolations } from "../support/page-checks";
import { expect, test } from "../support/test";

const SHERLOCK_TITLE = "The Adventures of Sherlock Holmes";

test.describe("search", () => {
  let sherlock = "";

  test.beforeAll(() => {
    sherlock = importBook(SHERLOCK);
  });

  test("typing a misspelt title in the header suggests the book; the keyboard opens it", async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const field = page.getByRole("combobox", { name: "Search books, authors and people" });
    await field.fill("sherlok holms");
    const suggestions = page.getByRole("listbox");
    const book = suggestions.getByRole("option", { name: new RegExp(SHERLOCK_TITLE) });
    await expect(book).toBeVisible();
    await expect(field).toHaveAttribute("aria-expanded", "true");

    await field.press("ArrowDown");
    await expect(suggestions.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await expect(field).toHaveAttribute("aria-activedescendant", (await book.getAttribute("id")) ?? "");
    await field.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/books/${sherlock}$`));
    await expect(page.getByRole("heading", { level: 1, name: SHERLOCK_TITLE })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("Enter searches; tabs, filters and the back button follow the URL", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const field = page.getByRole("combobox", { name: "Search books, authors and people" });
    await field.fill("holmes");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=holmes$/);
    const results = page.getByTestId("search-book-results");
    await expect(results.getByRole("link", { name: new RegExp(SHERLOCK_TITLE) })).toBeVisible();

    await page.getByLabel("Source").selectOption("own");
    await expect(page).toHaveURL(/source=own/);
    await expect(page.getByText("No books match")).toBeVisible();
    await page.goBack();
    await expect(results.getByRole("link", { name: new RegExp(SHERLOCK_TITLE) })).toBeVisible();

    await page.getByTestId("search-tab-people").click();
    await expect(page).toHaveURL(/kind=people/);
    await expect(page.getByText("Nobody by that name")).toBeVisible();

    // People by name: a demo reader.
    const pageField = page.getByTestId("search-page").getByTestId("search-field");
    await pageField.fill("mara okafor");
    await pageField.press("Enter");
    const people = page.getByTestId("search-people-results");
    await expect(people.getByRole("link", { name: "Mara Okafor" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goBack();
    await expect(page).toHaveURL(/q=holmes&kind=people/);
  });

  test("on a phone, the top bar opens the search screen", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await page.getByRole("link", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search$/);
    const field = page.getByTestId("search-page").getByTestId("search-field");
    await expect(field).toBeFocused();
    await field.fill("sherl");
    await expect(page.getByRole("option", { name: new RegExp(SHERLOCK_TITLE) })).toBeVisible();
    await field.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=sherl$/);
    await expect(
      page.getByTestId("search-book-results").getByRole("link", { name: new RegExp(SHERLOCK_TITLE) }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("screenshots: desktop and 360 px, light and dark", async ({ browser }) => {
    const folder = process.env.SEARCH_SHOTS_DIR ?? join(tmpdir(), "quire-search-shots");
    mkdirSync(folder, { recursive: true });
    for (const theme of ["light", "dark"] as const) {
      for (const [name, viewport] of [
        ["desktop", { width: 1280, height: 800 }],
        ["360", { width: 360, height: 740 }],
      ] as const) {
        const context = await browser.newContext({ viewport, colorScheme: theme });
        const page = await context.newPage();
        await page.goto("/search?q=sherlock%20holmes");
        await expect(page.getByTestId("search-book-results").getByRole("link").first()).toBeVisible();
        await page.screenshot({ path: join(folder, `results-${name}-${theme}.png`) });
        const field = page.getByTestId("search-page").getByTestId("search-field");
        await field.fill("sherlok");
        await expect(page.getByRole("option", { name: new RegExp(SHERLOCK_TITLE) })).toBeVisible();
        await field.press("ArrowDown");
        await page.screenshot({ path: join(folder, `suggestions-${name}-${theme}.png`) });
        if (name === "desktop") {
          await page.goto("/");
          const header = page.getByRole("banner").getByTestId("search-field");
          await header.fill("sherl");
          await expect(page.getByRole("option", { name: new RegExp(SHERLOCK_TITLE) })).toBeVisible();
          await page.screenshot({ path: join(folder, `header-${name}-${theme}.png`) });
        }
        await context.close();
      }
    }
  });
});
