import { signedInReader } from "../support/accounts";
import { collectPageErrors, expectNoSeriousA11yViolations, ownErrors } from "../support/page-checks";
import { expect, type Page, test } from "../support/test";

const BOOK = "the-ninth-key-of-larkspur-lane";
const TITLE = "The Ninth Key of Larkspur Lane";

const starCount = (page: Page) =>
  page.getByTestId("book-counts").locator("div").filter({ hasText: "Stars" }).locator("dd");

test("the end of a book: finished, starred, what to read next, and the book page shows both", async ({ page }) => {
  const errors = collectPageErrors(page);
  await signedInReader(page.request, "Fin");
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(`/books/${BOOK}`);
  const before = Number(await starCount(page).getAttribute("title"));
  await page.getByRole("link", { name: "Start reading" }).click();
  await expect(page.getByTestId("chapter-view")).toHaveAttribute("data-ready-anchor", /.+/);

  // The last chapter from the contents, then page after page until the reader turns past its end.
  await page.getByRole("button", { name: "Contents" }).click();
  await page.getByRole("navigation", { name: "Table of contents" }).getByRole("button").last().click();
  await expect(page.getByRole("button", { name: "Next chapter" })).toBeDisabled();
  const end = page.getByTestId("end-of-book");
  for (let turn = 0; turn < 80 && !(await end.isVisible()); turn++) await page.keyboard.press("ArrowRight");

  const heading = end.getByRole("heading", { name: /Finished ✓/ });
  await expect(heading).toContainText(TITLE);
  await expect(heading).toBeFocused();
  // The rows come from the seeded catalogue: the author's other books at least.
  await expect(end.getByRole("list", { name: "More by the author" }).getByRole("listitem").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await end.getByRole("button", { name: "Star this book" }).click();
  await expect(end.getByRole("button", { name: "Starred" })).toHaveAttribute("aria-pressed", "true");

  await end.getByRole("link", { name: "Back to the book" }).click();
  await expect(page.getByTestId("book-page")).toBeVisible();
  await expect(starCount(page)).toHaveAttribute("title", String(before + 1));
  await expect(page.getByTestId("read-progress")).toHaveText("Finished");
  await expect(page.getByRole("link", { name: "Read again" })).toBeVisible();
  expect(ownErrors(errors)).toEqual([]);
});
