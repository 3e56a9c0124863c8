import { importBook, SHERLOCK } from "../support/corpus-books";
import { collectPageErrors, expectNoSeriousA11yViolations, ownErrors } from "../support/page-checks";
import { expect, type Page, test } from "../support/test";

const activeFrame = (page: Page) => page.locator('[data-testid=chapter-frame][data-active="true"]');

/** The text the search highlight paints in the frame on screen, and whether it is on the page shown. */
async function searchHighlight(page: Page) {
  return activeFrame(page).evaluate((frame: HTMLIFrameElement) => {
    const win = frame.contentWindow as Window & typeof globalThis;
    const ranges: Range[] = [];
    // A Highlight is a set of ranges; this TypeScript DOM library types it (and the registry) without their reads.
    win.CSS.highlights.forEach((highlight, name) => {
      if (name === "quire-search") ranges.push(...(highlight as unknown as Set<Range>));
    });
    const doc = frame.contentDocument as Document;
    return ranges.map((range) => {
      const box = range.getBoundingClientRect();
      const { clientWidth, clientHeight } = doc.documentElement;
      return {
        text: range.toString(),
        onScreen:
          box.width > 0 && box.left >= 0 && box.right <= clientWidth && box.top >= 0 && box.bottom <= clientHeight,
      };
    });
  });
}

test("a reader searches the book, chooses a match in a later chapter and lands on it, highlighted", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const sherlock = importBook(SHERLOCK);
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/read/${sherlock}/a-scandal-in-bohemia`);
  await expect(page.getByTestId("chapter-view")).toHaveAttribute("data-ready-anchor", "a-scandal-in-bohemia");

  await page.getByRole("button", { name: "Search in this book" }).click();
  const sheet = page.getByTestId("book-search");
  const field = sheet.getByRole("searchbox", { name: "Words to find in this book" });
  await expect(field).toBeFocused();
  // Any case, no matter: the folding is the server's.
  await field.fill("HOSMER angel");
  await field.press("Enter");
  await expect(sheet.getByTestId("book-search-summary")).toHaveText(/^\d+ matches$/);
  const chapter = sheet.getByRole("region", { name: "A Case of Identity" });
  await expect(chapter.getByRole("button").first()).toContainText("Hosmer Angel");
  await expect(chapter.locator("mark").first()).toHaveText("Hosmer Angel");
  await expectNoSeriousA11yViolations(page);

  // The keyboard walks from the field down the matches: the third, well into the chapter.
  for (let step = 0; step < 3; step++) await page.keyboard.press("ArrowDown");
  const third = chapter.getByRole("button").nth(2);
  await expect(third).toBeFocused();
  await expect(third).toContainText("I met Mr. Hosmer Angel");
  await page.keyboard.press("Enter");

  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/read/${sherlock}/a-case-of-identity\\?at=\\d+$`));
  await expect(page.getByTestId("chapter-view")).toHaveAttribute("data-ready-anchor", "a-case-of-identity");
  await expect.poll(() => searchHighlight(page)).toEqual([{ text: "Hosmer Angel", onScreen: true }]);
  // Not the chapter's opening page: the reader went to the match.
  await expect(page.getByTestId("reader-place")).not.toHaveText(/Page 1 of/);
  await expect(activeFrame(page)).toBeFocused();
  expect(ownErrors(errors)).toEqual([]);
});
