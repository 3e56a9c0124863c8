import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signedInReader, TEST_PASSWORD } from "../support/accounts";
import { importBook, SHERLOCK } from "../support/corpus-books";
import { collectPageErrors } from "../support/page-checks";
import { type Browser, type BrowserContextOptions, expect, type Page, test } from "../support/test";

const CHAPTER = "a-scandal-in-bohemia";
const activeFrame = (page: Page) => page.locator('[data-testid=chapter-frame][data-active="true"]');

/** Console errors that are the app's (the sandbox refuses Playwright's own snapshot script in the frame). */
const ownErrors = (errors: string[]) =>
  errors.filter((error) => !/Blocked script execution in 'about:srcdoc'/.test(error));

async function openChapter(page: Page, bookId: string, anchorId = CHAPTER) {
  await page.goto(`/read/${bookId}/${anchorId}`);
  await expect(page.getByTestId("chapter-view")).toHaveAttribute("data-ready-anchor", anchorId);
}

/**
 * Selects the first five words on the page on screen that sit in one text node, as a reader's drag
 * would (the frame runs no script, so the test reaches in as the app does). Returns the words.
 */
async function selectWordsOnScreen(page: Page): Promise<string> {
  return activeFrame(page).evaluate((frame: HTMLIFrameElement) => {
    const doc = frame.contentDocument as Document;
    const { clientWidth, clientHeight } = doc.documentElement;
    const walker = doc.createTreeWalker(doc.querySelector(".quire-book") as Element, NodeFilter.SHOW_TEXT);
    const range = doc.createRange();
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (const match of node.data.matchAll(/(?:\S+\s+){4}\S+/g)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const boxes = Array.from(range.getClientRects());
        const onScreen = boxes.every(
          (box) => box.left >= 0 && box.right <= clientWidth && box.top >= 0 && box.bottom <= clientHeight,
        );
        if (boxes.length === 0 || !onScreen) continue;
        doc.getSelection()?.setBaseAndExtent(node, match.index, node, match.index + match[0].length);
        return match[0];
      }
    }
    throw new Error("No words on screen to select");
  });
}

/** How many ranges the frame on screen paints with each highlight. */
async function paintedRanges(page: Page) {
  return activeFrame(page).evaluate((frame: HTMLIFrameElement) => {
    const registry = (frame.contentWindow as Window & typeof globalThis).CSS.highlights;
    const sizes: Record<string, number> = {};
    registry.forEach((highlight, name) => {
      // A Highlight is a set of ranges; this TypeScript DOM library types it without its size.
      sizes[name] = (highlight as unknown as Set<Range>).size;
    });
    return sizes;
  });
}

/** Whether the passage's first character (`char` non-whitespace characters in) is on the page on screen. */
async function charOnScreen(page: Page, char: number) {
  return activeFrame(page).evaluate((frame: HTMLIFrameElement, wanted) => {
    const doc = frame.contentDocument as Document;
    const walker = doc.createTreeWalker(doc.querySelector(".quire-book") as Element, NodeFilter.SHOW_TEXT);
    let seen = 0;
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let index = 0; index < node.data.length; index++) {
        if (/\s/.test(node.data[index] as string) || seen++ < wanted) continue;
        const range = doc.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const box = range.getBoundingClientRect();
        return box.left >= 0 && box.right <= doc.documentElement.clientWidth && box.top >= 0;
      }
    }
    return false;
  }, char);
}

async function signedInContext(browser: Browser, email: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  const signIn = await context.request.post("/api/auth/sign-in/email", { data: { email, password: TEST_PASSWORD } });
  expect(signIn.status()).toBe(200);
  return context;
}

test.describe("bookmarks, highlights and notes", () => {
  let sherlock = "";

  test.beforeAll(() => {
    sherlock = importBook(SHERLOCK);
  });

  test("a note made in one browser appears in another of the same reader, and the panel jumps to it", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const first = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const { email } = await signedInReader(first.request, "Irene");
    const page = await first.newPage();
    const errors = collectPageErrors(page);
    await openChapter(page, sherlock);
    // A few pages in, so the jump has somewhere to go.
    for (let turn = 0; turn < 3; turn++) await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("reader-place")).toHaveText(/Page 4 of \d+/);

    const words = await selectWordsOnScreen(page);
    const toolbar = page.getByRole("toolbar", { name: "Highlight the selected text" });
    await expect(toolbar).toBeVisible();
    await toolbar.getByRole("button", { name: "Note" }).click();
    const dialog = page.getByTestId("note-dialog");
    await expect(dialog.getByText(words)).toBeVisible();
    await dialog.getByRole("textbox", { name: "Note" }).fill("She is always the woman.");
    await dialog.getByRole("button", { name: "Save note" }).click();
    await expect(dialog).toBeHidden();
    await expect(toolbar).toBeHidden();
    await expect.poll(() => paintedRanges(page)).toMatchObject({ "quire-yellow": 1, "quire-note": 1 });

    // And a plain highlight in green, of the same kind of selection one page on.
    await page.keyboard.press("ArrowRight");
    await selectWordsOnScreen(page);
    await toolbar.getByRole("button", { name: "Highlight green" }).click();
    await expect.poll(() => paintedRanges(page)).toMatchObject({ "quire-yellow": 1, "quire-green": 1 });

    const saved = await (await first.request.get(`/api/v1/books/${sherlock}/annotations`)).json();
    expect(saved.items.map((item: { kind: string; quote: string }) => [item.kind, item.quote])).toEqual([
      ["note", words],
      ["highlight", expect.any(String)],
    ]);
    const note = saved.items[0];

    // The same reader on another device: the note is in the panel and a click goes to its page.
    const second = await signedInContext(browser, email, { viewport: { width: 390, height: 800 } });
    const other = await second.newPage();
    const otherErrors = collectPageErrors(other);
    await openChapter(other, sherlock);
    expect(await charOnScreen(other, note.start)).toBe(false);
    await other.getByRole("button", { name: "Notes and highlights" }).click();
    const panel = other.getByTestId("annotations-panel");
    const item = panel.getByTestId("annotation-item").first();
    await expect(item).toContainText(words);
    await expect(item.getByTestId("annotation-note")).toHaveText("She is always the woman.");
    await item.getByRole("button", { name: /Go there/ }).click();
    await expect(panel).toBeHidden();
    await expect(other).toHaveURL(new RegExp(`/read/${sherlock}/${CHAPTER}\\?at=${note.start}$`));
    await expect(other.getByTestId("chapter-view")).toHaveAttribute("data-ready-anchor", CHAPTER);
    await expect.poll(() => charOnScreen(other, note.start)).toBe(true);
    await expect.poll(() => paintedRanges(other)).toMatchObject({ "quire-yellow": 1, "quire-note": 1 });

    expect(ownErrors(errors)).toEqual([]);
    expect(ownErrors(otherErrors)).toEqual([]);
    await first.close();
    await second.close();
  });

  test("bookmarks the page on screen, and takes the bookmark away again", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await signedInReader(context.request, "Violet");
    const page = await context.newPage();
    await openChapter(page, sherlock);
    await page.keyboard.press("ArrowRight");
    const bookmark = page.getByRole("button", { name: "Bookmark this page" });
    await expect(bookmark).toHaveAttribute("aria-pressed", "false");
    await bookmark.click();
    await expect(bookmark).toHaveAttribute("aria-pressed", "true");
    const [saved] = (await (await context.request.get(`/api/v1/books/${sherlock}/annotations`)).json()).items;
    expect(saved).toMatchObject({ kind: "bookmark", anchorId: CHAPTER });
    expect(await charOnScreen(page, saved.start)).toBe(true);
    // Another page is not bookmarked; coming back to this one, it is.
    await page.keyboard.press("ArrowRight");
    await expect(bookmark).toHaveAttribute("aria-pressed", "false");
    await page.keyboard.press("ArrowLeft");
    await expect(bookmark).toHaveAttribute("aria-pressed", "true");
    await bookmark.click();
    await expect(bookmark).toHaveAttribute("aria-pressed", "false");
    expect((await (await context.request.get(`/api/v1/books/${sherlock}/annotations`)).json()).items).toEqual([]);
    await context.close();
  });

  test("screenshots: highlights and the panel at 360 px and on a desktop, light and dark", async ({ browser }) => {
    test.setTimeout(120_000);
    const folder = process.env.ANNOTATION_SHOTS_DIR ?? join(tmpdir(), "quire-annotation-shots");
    mkdirSync(folder, { recursive: true });
    const setup = await browser.newContext();
    const { email } = await signedInReader(setup.request, "Mary");
    const setupPage = await setup.newPage();
    await openChapter(setupPage, sherlock);
    const toolbar = setupPage.getByRole("toolbar", { name: "Highlight the selected text" });
    for (const color of ["yellow", "blue", "pink"]) {
      await setupPage.keyboard.press("ArrowRight");
      await selectWordsOnScreen(setupPage);
      await toolbar.getByRole("button", { name: `Highlight ${color}` }).click();
      await expect(toolbar).toBeHidden();
    }
    await setup.close();

    for (const theme of ["light", "dark"] as const) {
      for (const [name, viewport] of [
        ["360", { width: 360, height: 760 }],
        ["desktop", { width: 1280, height: 800 }],
      ] as const) {
        const context = await signedInContext(browser, email, { viewport, colorScheme: theme });
        await context.addInitScript((readerTheme) => {
          localStorage.setItem("quire.reader.settings", JSON.stringify({ theme: readerTheme }));
        }, theme);
        const page = await context.newPage();
        await openChapter(page, sherlock);
        await page.keyboard.press("ArrowRight");
        await expect.poll(() => paintedRanges(page)).toMatchObject({ "quire-yellow": 1 });
        await selectWordsOnScreen(page);
        await expect(page.getByTestId("selection-toolbar")).toBeVisible();
        await page.screenshot({ path: join(folder, `reader-${name}-${theme}.png`) });
        await page.getByTestId("selection-toolbar").getByRole("button", { name: "Note" }).click();
        await expect(page.getByTestId("note-dialog")).toBeVisible();
        await page.screenshot({ path: join(folder, `note-${name}-${theme}.png`) });
        await page.getByTestId("note-dialog").getByRole("button", { name: "Cancel" }).click();
        await page.getByRole("button", { name: "Notes and highlights" }).click();
        await expect(page.getByTestId("annotation-item")).toHaveCount(3);
        await page.screenshot({ path: join(folder, `panel-${name}-${theme}.png`) });
        await context.close();
      }
    }
  });
});
