import { signedInReader } from "../support/accounts";
import { collectPageErrors, ownErrors } from "../support/page-checks";
import { expect, type Page, test } from "../support/test";

const BOOK = "the-salt-lantern";

const bookFigure = (page: Page) => page.getByText(/^\d+% of book$/);

async function waitForChapter(page: Page, anchorId: string) {
  await expect(page.getByTestId("chapter-view")).toHaveAttribute("data-ready-anchor", anchorId);
}

/** The next save of a place in this chapter, as the server answered it. */
function nextSave(page: Page, anchorId: string) {
  return page.waitForResponse(
    (response) =>
      response.request().method() === "PUT" &&
      new URL(response.url()).pathname === `/api/v1/books/${BOOK}/chapters/${anchorId}/progress`,
  );
}

async function chooseChapter(page: Page, index: number) {
  await page.getByRole("button", { name: "Contents" }).click();
  const entries = page.getByRole("navigation", { name: "Table of contents" }).getByRole("button");
  const count = await entries.count();
  await entries.nth(index < 0 ? count + index : index).click();
}

test.describe("one progress, everywhere", () => {
  test("the reader, the book page and the library show one figure, and the end of the book finishes it", async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await signedInReader(page.request, "Paige");
    await page.setViewportSize({ width: 1280, height: 800 });
    const title = "The Salt Lantern";

    await page.goto(`/books/${BOOK}`);
    await page.getByRole("link", { name: "Start reading" }).click();
    await waitForChapter(page, "chapter-1");

    // Somewhere in the middle: the figure the reader shows is the one the server saved.
    const middle = nextSave(page, "chapter-2");
    await chooseChapter(page, 1);
    await waitForChapter(page, "chapter-2");
    const saved = await (await middle).json();
    const figure = saved.progress.progress as number;
    expect(figure).toBeGreaterThan(0);
    expect(figure).toBeLessThan(100);
    await expect(bookFigure(page)).toHaveText(`${figure}% of book`);

    await page.getByRole("link", { name: `Back to ${title}` }).click();
    await expect(page.getByTestId("read-progress")).toHaveText(`${figure}% read`);
    await page.goto("/library");
    const item = page.getByTestId("continue-item").filter({ hasText: title });
    await expect(item).toContainText(`${figure}% ·`);
    await expect(item.getByRole("progressbar")).toHaveAttribute("aria-valuenow", String(figure));

    // The last chapter, page by page to its end: 100, read, on the Finished shelf — chapters 3 onwards never opened.
    await page.goto(`/books/${BOOK}`);
    await page.getByRole("link", { name: "Continue reading" }).click();
    await waitForChapter(page, "chapter-2");
    await chooseChapter(page, -1);
    await expect(page.getByRole("button", { name: "Next chapter" })).toBeDisabled();
    const lastAnchor = (await page.getByTestId("chapter-view").getAttribute("data-ready-anchor")) ?? "";
    const end = page.waitForResponse(
      async (response) =>
        response.request().method() === "PUT" &&
        new URL(response.url()).pathname === `/api/v1/books/${BOOK}/chapters/${lastAnchor}/progress` &&
        (await response.json()).progress.progress === 100,
    );
    for (let turn = 0; turn < 60 && (await bookFigure(page).textContent()) !== "100% of book"; turn++) {
      await page.keyboard.press("ArrowRight");
    }
    await expect(bookFigure(page)).toHaveText("100% of book");
    expect((await (await end).json()).progress).toMatchObject({ progress: 100, isRead: true });

    await page.getByRole("link", { name: `Back to ${title}` }).click();
    await expect(page.getByTestId("read-progress")).toHaveText("Finished");
    await expect(page.getByRole("link", { name: "Read again" })).toHaveAttribute("href", `/read/${BOOK}/chapter-1`);
    await page.goto("/library");
    await expect(page.getByTestId("shelf-finished").getByRole("link", { name: new RegExp(title) })).toBeVisible();
    await expect(page.getByTestId("continue-item").filter({ hasText: title })).toHaveCount(0);
    expect(ownErrors(errors)).toEqual([]);
  });
});
