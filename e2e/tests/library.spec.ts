import { signedInReader } from "../support/accounts";
import { collectPageErrors, expectNoSeriousA11yViolations } from "../support/page-checks";
import { expect, test } from "../support/test";

test.describe("a reader's library", () => {
  test("stars a book, moves it between shelves, and finds it in the library", async ({ page }) => {
    const errors = collectPageErrors(page);
    await signedInReader(page.request, "Shelly");
    await page.goto("/books/the-salt-lantern");
    const title = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    const actions = page.getByTestId("book-actions");
    await expect(actions).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const star = actions.getByTestId("star-button");
    await expect(star).toBeEnabled();
    await star.click();
    await expect(star).toHaveAttribute("aria-pressed", "true");
    const state = await (await page.request.get("/api/v1/books/the-salt-lantern/viewer-state")).json();
    expect(state.starred).toBe(true);

    const shelf = actions.getByLabel("Shelf");
    await shelf.selectOption("want-to-read");
    await expect(shelf).toHaveValue("want-to-read");
    await shelf.selectOption("reading");
    await expect(shelf).toHaveValue("reading");

    await page.getByRole("banner").getByRole("link", { name: "Library", exact: true }).last().click();
    await expect(page).toHaveURL(/\/library$/);
    await expect(page.getByTestId("shelf-reading").getByRole("link", { name: new RegExp(title) })).toBeVisible();
    await expect(page.getByTestId("shelf-want-to-read").getByText("No books here yet.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A star is a star once: the server's count moved by exactly one and stays there after a reload.
    await page.goto("/books/the-salt-lantern");
    await expect(page.getByTestId("book-actions").getByTestId("star-button")).toHaveAttribute("aria-pressed", "true");
    await page.getByTestId("book-actions").getByTestId("star-button").click();
    await expect(page.getByTestId("book-actions").getByTestId("star-button")).toHaveAttribute("aria-pressed", "false");
    expect(errors).toEqual([]);
  });
});
