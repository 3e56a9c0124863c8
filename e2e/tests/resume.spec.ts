import { signedInReader, TEST_PASSWORD } from "../support/accounts";
import { importBook, SHERLOCK } from "../support/corpus-books";
import { collectPageErrors } from "../support/page-checks";
import { expect, type Page, test } from "../support/test";

const CHAPTER = "a-scandal-in-bohemia";

const place = (page: Page) => page.getByTestId("reader-place");
const activeFrame = (page: Page) => page.locator('[data-testid=chapter-frame][data-active="true"]');

/** Console errors that are the app's (the sandbox refuses Playwright's own snapshot script in the frame). */
const ownErrors = (errors: string[]) =>
  errors.filter((error) => !/Blocked script execution in 'about:srcdoc'/.test(error));

async function waitForChapter(page: Page, anchorId: string) {
  await expect(page.getByTestId("chapter-view")).toHaveAttribute("data-ready-anchor", anchorId);
}

/** The `?at=` of the reader's address, once it names a place. */
async function atOf(page: Page): Promise<number> {
  await expect(page).toHaveURL(/[?&]at=\d+/);
  return Number(new URL(page.url()).searchParams.get("at"));
}

/**
 * The `char`th non-whitespace character of the chapter's text, found by walking the frame's text
 * here in the test: the opening of its paragraph, and whether the character is on screen.
 */
async function characterOnScreen(page: Page, char: number) {
  return activeFrame(page).evaluate((frame: HTMLIFrameElement, wanted) => {
    const doc = frame.contentDocument as Document;
    const walker = doc.createTreeWalker(doc.querySelector(".quire-book") as Element, NodeFilter.SHOW_TEXT);
    let seen = 0;
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let index = 0; index < node.data.length; index++) {
        if (/\s/.test(node.data[index] as string)) continue;
        if (seen++ < wanted) continue;
        const range = doc.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const box = range.getBoundingClientRect();
        const { clientWidth, clientHeight } = doc.documentElement;
        const paragraph = node.parentElement?.closest("p, h1, h2, h3, blockquote, li, div") ?? node.parentElement;
        return {
          paragraph: (paragraph?.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 80),
          onScreen:
            box.width > 0 && box.left >= 0 && box.right <= clientWidth && box.top >= 0 && box.bottom <= clientHeight,
        };
      }
    }
    return null;
  }, char);
}

async function openChapterAndTurn(page: Page, bookId: string, turns: number) {
  await page.goto(`/read/${bookId}/${CHAPTER}`);
  await waitForChapter(page, CHAPTER);
  for (let turn = 0; turn < turns; turn++) await page.keyboard.press("ArrowRight");
  await expect(place(page)).toHaveText(new RegExp(`Page ${turns + 1} of \\d+`));
}

test.describe("exact resume", () => {
  let sherlock = "";

  test.beforeAll(() => {
    sherlock = importBook(SHERLOCK);
  });

  test("a reload opens the same page, in pages and in scrolling", async ({ page }) => {
    test.setTimeout(60_000);
    const errors = collectPageErrors(page);
    await page.setViewportSize({ width: 390, height: 800 });
    await openChapterAndTurn(page, sherlock, 3);
    const pageOfFour = await place(page).textContent();
    const at = await atOf(page);
    expect(at).toBeGreaterThan(0);
    const before = await characterOnScreen(page, at);
    expect(before?.onScreen).toBe(true);

    await page.reload();
    await waitForChapter(page, CHAPTER);
    await expect(place(page)).toHaveText(pageOfFour ?? "");
    expect(await atOf(page)).toBe(at);
    expect(await characterOnScreen(page, at)).toEqual(before);

    // Scrolling: a screenful and a half down, then a reload puts the same line at the top.
    await page.getByRole("button", { name: "Reading settings" }).click();
    await page.getByRole("radio", { name: "Scroll" }).check();
    await page.keyboard.press("Escape");
    await activeFrame(page).evaluate((frame: HTMLIFrameElement) => {
      const scroller = frame.contentDocument?.scrollingElement as Element;
      scroller.scrollTop += scroller.clientHeight * 1.5;
    });
    await expect(page).not.toHaveURL(new RegExp(`at=${at}$`));
    const scrolledAt = await atOf(page);
    const scrolled = await characterOnScreen(page, scrolledAt);
    expect(scrolled?.onScreen).toBe(true);
    await page.reload();
    await waitForChapter(page, CHAPTER);
    await expect(place(page)).toHaveText(/% of chapter/);
    expect(await atOf(page)).toBe(scrolledAt);
    expect(await characterOnScreen(page, scrolledAt)).toEqual(scrolled);
    expect(ownErrors(errors)).toEqual([]);
  });

  test("a new font size keeps the same paragraph on screen", async ({ page }) => {
    test.setTimeout(60_000);
    const errors = collectPageErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openChapterAndTurn(page, sherlock, 3);
    const at = await atOf(page);
    const before = await characterOnScreen(page, at);
    expect(before?.onScreen).toBe(true);
    const pagesBefore = Number((await place(page).textContent())?.match(/of (\d+)/)?.[1]);

    await page.getByRole("button", { name: "Reading settings" }).click();
    for (let step = 0; step < 3; step++) await page.getByRole("button", { name: "Larger text" }).click();
    await expect(page.getByRole("group", { name: "Text size" }).getByText("24 px")).toBeVisible();
    await page.keyboard.press("Escape");
    // Larger type, more pages: and the page on screen is the one that holds the same text.
    await expect(place(page)).not.toHaveText(new RegExp(`of ${pagesBefore}$`));
    expect(await characterOnScreen(page, at)).toEqual(before);

    await page.getByRole("button", { name: "Reading settings" }).click();
    for (let step = 0; step < 4; step++) await page.getByRole("button", { name: "Smaller text" }).click();
    await page.keyboard.press("Escape");
    expect(await characterOnScreen(page, at)).toEqual(before);
    expect(ownErrors(errors)).toEqual([]);
  });

  test("another browser of the same reader opens the book at the same place, with the same settings", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const errors = collectPageErrors(page);
    const { email } = await signedInReader(page.request, "Irene");
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`/read/${sherlock}/${CHAPTER}`);
    await waitForChapter(page, CHAPTER);
    await page.getByRole("button", { name: "Reading settings" }).click();
    await page.getByRole("button", { name: "Larger text" }).click();
    await page.getByRole("radio", { name: "Sepia" }).check();
    await page.keyboard.press("Escape");
    for (let turn = 0; turn < 3; turn++) await page.keyboard.press("ArrowRight");
    await expect(place(page)).toHaveText(/Page 4 of \d+/);
    const at = await atOf(page);
    // Saved once the reader stops turning: the account's place in the book is this exact one.
    await expect
      .poll(async () => (await (await page.request.get(`/api/v1/books/${sherlock}/progress`)).json()).progress)
      .toMatchObject({ epubPosition: { anchorId: CHAPTER, char: at } });
    const there = await characterOnScreen(page, at);
    const pageOfFour = await place(page).textContent();

    const phone = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const other = await phone.newPage();
    expect(
      (await other.request.post("/api/auth/sign-in/email", { data: { email, password: TEST_PASSWORD } })).status(),
    ).toBe(200);
    await other.goto(`/books/${sherlock}`);
    await other.getByRole("link", { name: "Continue reading" }).click();
    await expect(other).toHaveURL(new RegExp(`/read/${sherlock}/${CHAPTER}\\?at=${at}$`));
    await waitForChapter(other, CHAPTER);
    await expect(other.getByTestId("reader")).toHaveAttribute("data-reader-theme", "sepia");
    await expect(place(other)).toHaveText(pageOfFour ?? "");
    expect(await characterOnScreen(other, at)).toEqual(there);
    await phone.close();
    expect(ownErrors(errors)).toEqual([]);
  });
});
