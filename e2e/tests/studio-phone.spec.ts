import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { testEpub } from "../../apps/server/src/features/epub/test-epubs";
import { signedInReader } from "../support/accounts";
import { collectPageErrors, expectNoSeriousA11yViolations } from "../support/page-checks";
import { quire } from "../support/quire-cli";
import { type Browser, type BrowserContext, expect, type Page, test } from "../support/test";

const SHOTS = process.env.STUDIO_SHOTS_DIR ?? "/tmp/shots";
const PHONE = {
  viewport: { width: 360, height: 780 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
};
// The worst case a title may be: the cap's 150 characters in one unbroken word.
const LONGEST_TITLE = "Lighthousekeepersletters".repeat(7).slice(0, 150);
// Imported books keep their own titles, longer than the cap.
const IMPORTED_TITLE = `${"The Remarkable and Entirely True Account of a Voyage ".repeat(5)}Concluded`;

/** An EPUB whose title is longer than the studio's cap; importing it again is a new edition. */
const voyageEpub = () => ({
  name: "voyage.epub",
  mimeType: "application/epub+zip",
  buffer: Buffer.from(testEpub({ title: IMPORTED_TITLE, identifier: "urn:uuid:3c5e7a9b-2d4f-4a6b-8c0d-1e2f3a4b5c6d" })),
});

/** The page is no wider than the phone, every control in it is at least 44 px tall, and axe finds nothing serious. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const controls = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("#main button, #main a[href], #main [role=tab]"))
      .map((element) => ({ text: element.textContent?.trim().slice(0, 40), box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 1)
      .map(({ text, box }) => ({ text, height: box.height })),
  );
  expect(controls.length).toBeGreaterThan(0);
  expect(controls.filter(({ height }) => height < 44)).toEqual([]);
  await expectNoSeriousA11yViolations(page);
}

test.describe("the Studio on a 360 px phone", () => {
  test.use(PHONE);

  test("an author reaches the Studio from Account, and every Studio screen fits 360 px", async ({ page, browser }) => {
    test.setTimeout(120_000);
    mkdirSync(SHOTS, { recursive: true });
    const errors = collectPageErrors(page);
    const author = await signedInReader(page.request, "Penny");
    quire("admin", "grant", author.email);

    await page.goto("/");
    await page.getByTestId("bottom-nav-account").tap();
    await page.getByTestId("settings-studio-link").tap();
    await expect(page.getByRole("heading", { name: "Studio", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Become an author" }).tap();
    await expect(page.getByText("No books yet")).toBeVisible();
    await fitsThePhone(page);

    await page.getByRole("link", { name: "Start a new book" }).tap();
    const title = page.getByLabel("Title");
    await title.fill(`${LONGEST_TITLE}s`);
    await expect(page.getByText("Keep the title to 150 characters or fewer.")).toBeVisible();
    await expect(page.getByText("151 / 150 characters")).toBeVisible();
    await fitsThePhone(page);
    await title.fill(LONGEST_TITLE);
    await expect(page.getByText("Keep the title to 150 characters or fewer.")).toHaveCount(0);
    await page.getByRole("button", { name: "Create book" }).tap();
    await expect(page.getByRole("heading", { name: LONGEST_TITLE, level: 1 })).toBeVisible();
    const bookPath = new URL(page.url()).pathname;
    await fitsThePhone(page);

    // Launch panel: the countdown readers will see, then scheduled, which shows the book.
    await page.getByRole("button", { name: "Write the first chapter" }).tap();
    await expect(page).toHaveURL(/\/chapters\/[^/]+$/);
    await page.getByLabel("Chapter name").fill("The Keeper Who Wrote Back Across a Century of Tides");
    await page.getByLabel("Text (Markdown)").fill("The *first* letter came with the tide.");
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    await fitsThePhone(page);
    await page.getByRole("tab", { name: "preview" }).tap();
    await expect(page.getByTestId("chapter-preview").locator("em")).toHaveText("first");
    await fitsThePhone(page);

    await page.getByRole("link", { name: "Book settings" }).tap();
    const launchAt = new Date(Date.now() + 3 * 86_400_000);
    await page
      .getByLabel("Launch date and time")
      .fill(new Date(launchAt.getTime() - launchAt.getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
    await page.getByTestId("schedule-launch").tap();
    await expect(page.getByText("Launch scheduled.")).toBeVisible();
    await page.getByTestId("launch-now").tap();
    await expect(page.getByTestId("launch-now-confirm")).toBeVisible();
    await fitsThePhone(page);
    await page
      .getByRole("group", { name: /Launch now\?/ })
      .screenshot({ path: join(SHOTS, "studio-launch-confirm-light.png") });

    // The book page leads its author back to the Studio.
    await page.goto(`/books/${bookPath.split("/").pop()}`);
    await page.getByTestId("edit-in-studio").tap();
    await expect(page).toHaveURL(bookPath);

    await page.goto("/studio");
    await expect(page.getByRole("link", { name: LONGEST_TITLE, exact: true })).toBeVisible();
    await fitsThePhone(page);

    await page.goto("/admin/import");
    await page.getByLabel("EPUB file").setInputFiles(voyageEpub());
    await page.getByRole("button", { name: "Import" }).tap();
    await expect(page.getByText(`Imported “${IMPORTED_TITLE}”`)).toBeVisible();
    await fitsThePhone(page);
    await page.getByRole("link", { name: "Open the book" }).tap();
    await expect(page.getByRole("heading", { name: IMPORTED_TITLE, level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await screenshots(page.context(), browser, bookPath);
    expect(errors).toEqual([]);
  });
});

/** Each Studio screen at 360 px, light and dark, for a person to look at. */
async function screenshots(signedIn: BrowserContext, browser: Browser, bookPath: string) {
  const storageState = await signedIn.storageState();
  const screens = [
    ["list", "/studio"],
    ["new", "/studio/books/new"],
    ["book", bookPath],
    ["chapter", `${bookPath}/chapters`],
    ["import", "/admin/import"],
  ] as const;
  for (const colorScheme of ["light", "dark"] as const) {
    const context = await browser.newContext({ ...PHONE, storageState, colorScheme });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    for (const [name, path] of screens) {
      await page.goto(path);
      await expect(page.locator("main h1").first(), errors.join("\n")).toBeVisible();
      // The states worth looking at: the cap's message, and an import's summary with a long title.
      if (name === "new") await page.getByLabel("Title").fill(`${LONGEST_TITLE}s`);
      if (name === "import") {
        await page.getByLabel("EPUB file").setInputFiles(voyageEpub());
        await page.getByRole("button", { name: "Import" }).tap();
        await expect(page.getByText(/Imported edition \d+ of/)).toBeVisible();
      }
      await page.screenshot({ path: join(SHOTS, `studio-${name}-${colorScheme}.png`), fullPage: true });
    }
    await context.close();
  }
}
