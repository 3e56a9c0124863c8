import { importBook, SCRIPTED, SHERLOCK } from "../support/corpus-books";
import { collectHydrationWarnings, collectPageErrors, ownErrors } from "../support/page-checks";
import { expect, type Page, test } from "../support/test";

interface ChapterEntry {
  anchorId: string;
  name: string;
}

async function chaptersOf(page: Page, bookId: string): Promise<ChapterEntry[]> {
  const response = await page.request.get(`/api/v1/books/${bookId}/chapters`);
  return ((await response.json()) as { items: ChapterEntry[] }).items;
}

/** The text of the chapter frame on screen, as the visitor sees it. */
const shownText = (page: Page) =>
  page
    .locator("[data-testid=chapter-frame]")
    .first()
    .evaluate((frame: HTMLIFrameElement) => frame.contentDocument?.querySelector(".quire-book")?.textContent ?? "");

test.describe("the reader, rendered on the server", () => {
  let sherlock = "";
  let scripted = "";

  test.beforeAll(() => {
    sherlock = importBook(SHERLOCK);
    scripted = importBook(SCRIPTED);
  });

  test("a visitor's chapter hydrates without a mismatch and without fetching the chapter again", async ({ page }) => {
    const errors = collectPageErrors(page);
    const warnings = collectHydrationWarnings(page);
    const chapter = (await chaptersOf(page, sherlock))[2] as ChapterEntry;
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));

    await page.goto(`/read/${sherlock}/${chapter.anchorId}`);
    await expect(page.getByTestId("chapter-view")).toHaveAttribute("data-ready-anchor", chapter.anchorId);
    await expect(page.getByTestId("chapter-title")).toHaveText(chapter.name);
    expect(await shownText(page)).toContain("Holmes");
    // Hydrated: the Contents button opens its sheet, whose code came after the first screen.
    await page.getByRole("button", { name: "Contents" }).click();
    await expect(page.getByTestId("toc")).toBeVisible();
    await page.keyboard.press("Escape");
    await page.waitForLoadState("networkidle");

    const answered = [`/api/v1/books/${sherlock}`, `/api/v1/books/${sherlock}/chapters/${chapter.anchorId}`];
    expect(requested.filter((pathname) => answered.includes(pathname))).toEqual([]);
    expect(ownErrors(errors)).toEqual([]);
    expect(warnings).toEqual([]);
  });

  test("this browser's reading settings apply after hydration, without a mismatch", async ({ page }) => {
    const errors = collectPageErrors(page);
    const warnings = collectHydrationWarnings(page);
    const chapter = (await chaptersOf(page, sherlock))[2] as ChapterEntry;
    await page.addInitScript(() =>
      localStorage.setItem("quire.reader.settings", JSON.stringify({ theme: "sepia", fontSize: 24 })),
    );
    await page.goto(`/read/${sherlock}/${chapter.anchorId}`);
    await expect(page.getByTestId("reader")).toHaveAttribute("data-reader-theme", "sepia");
    await expect
      .poll(() =>
        page
          .locator("[data-testid=chapter-frame][data-active=true]")
          .evaluate(
            (frame: HTMLIFrameElement) => frame.contentDocument?.getElementById("quire-reader-overrides")?.textContent,
          ),
      )
      .toContain("font-size: 24px");
    expect(ownErrors(errors)).toEqual([]);
    expect(warnings).toEqual([]);
  });

  test("without JavaScript the chapter's text is in the page", async ({ browser, page }) => {
    const chapter = (await chaptersOf(page, sherlock))[2] as ChapterEntry;
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const noScript = await context.newPage();
      await noScript.goto(`/read/${sherlock}/${chapter.anchorId}`);
      await expect(noScript.getByTestId("chapter-title")).toHaveText(chapter.name);
      expect(await shownText(noScript)).toContain("Holmes");
    } finally {
      await context.close();
    }
  });

  test("a book's scripts and handlers are not in the rendered chapters, and nothing is blocked", async ({ page }) => {
    test.setTimeout(90_000);
    const errors = collectPageErrors(page);
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { violations: string[] }).violations = violations;
      document.addEventListener("securitypolicyviolation", (event) =>
        violations.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const chapters = await chaptersOf(page, scripted);
    expect(chapters.length).toBeGreaterThan(5);
    for (const { anchorId } of chapters) {
      const response = await page.goto(`/read/${scripted}/${anchorId}`);
      const html = (await response?.text()) ?? "";
      const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
      // The chapter is in its frame's srcdoc, escaped; no script element and no handler came with it.
      expect(root, anchorId).toContain("srcDoc=");
      expect(root, anchorId).not.toMatch(/<script|&lt;script|\son[a-z]+=/i);
      await expect(page.getByTestId("chapter-view")).toHaveAttribute("data-ready-anchor", anchorId);
      const violations = await page.evaluate(() => (window as unknown as { violations: string[] }).violations);
      // As in reader.spec.ts: Chromium reports an eval probe on every reader page, rendered here or not.
      expect(
        violations.filter((violation) => violation !== "script-src eval"),
        anchorId,
      ).toEqual([]);
    }
    expect(ownErrors(errors)).toEqual([]);
  });
});
