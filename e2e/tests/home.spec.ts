import { signedInReader } from "../support/accounts";
import { importBook, SHERLOCK } from "../support/corpus-books";
import { collectPageErrors, expectNoSeriousA11yViolations, ownErrors } from "../support/page-checks";
import { expect, test } from "../support/test";

const SHERLOCK_TITLE = "The Adventures of Sherlock Holmes";
const CHAPTER = "a-scandal-in-bohemia";

test.describe("a reader's home", () => {
  let sherlock = "";

  test.beforeAll(() => {
    sherlock = importBook(SHERLOCK);
  });

  test("a new reader is welcomed, then finds their book, their genres and what is coming", async ({ page }) => {
    test.setTimeout(60_000);
    const errors = collectPageErrors(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signedInReader(page.request, "Juniper");

    // First run: nothing of their own yet, so the home points to browse and search; classics include the import.
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Welcome back, Juniper" })).toBeVisible();
    await expect(page.getByTestId("first-run").getByRole("link", { name: "Browse the catalogue" })).toBeVisible();
    await expect(page.getByTestId("section-continue-reading")).toHaveCount(0);
    const classics = page.getByTestId("section-classics");
    await expect(classics.getByRole("link", { name: SHERLOCK_TITLE })).toBeVisible();
    await expect(page.getByTestId("section-trending").getByTestId("book-card").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Coming soon's launch reminder (still on when home is next loaded, below).
    const coming = page.getByTestId("coming-soon-item").first();
    await coming.getByRole("button", { name: /^Notify me when/ }).click();
    await expect(coming.getByRole("button", { name: /^Don't notify me when/ })).toHaveAttribute("aria-pressed", "true");

    // Genres chosen (again) in onboarding bring picks.
    const genres = (await (await page.request.get("/api/v1/genres")).json()).items as {
      id: string;
      displayName: string;
    }[];
    const fantasy = genres.find((genre) => genre.displayName === "Fantasy");
    expect(fantasy).toBeDefined();
    const chosen = await page.request.post("/api/v1/me/onboarding/genres", { data: { genreIds: [fantasy?.id] } });
    expect(chosen.status()).toBe(200);

    // Reading a page of the classic puts it first on home, with the figure the server saved.
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === "PUT" &&
        new URL(response.url()).pathname === `/api/v1/books/${sherlock}/chapters/${CHAPTER}/progress`,
    );
    await page.goto(`/read/${sherlock}/${CHAPTER}`);
    await expect(page.getByTestId("chapter-view")).toHaveAttribute("data-ready-anchor", CHAPTER);
    await page.keyboard.press("ArrowRight");
    const figure = (await (await saved).json()).progress.progress as number;

    await page.goto("/");
    const item = page.getByTestId("section-continue-reading").getByTestId("continue-item");
    await expect(item.getByRole("link").first()).toHaveAttribute("href", `/read/${sherlock}`);
    await expect(item.getByTestId("byline-author")).toHaveAttribute("href", /^\/(users|search)/);
    await expect(item.getByRole("progressbar")).toHaveAttribute("aria-valuenow", String(figure));
    await expect(item).toContainText(`${figure}% ·`);
    await expect(page.getByTestId("first-run")).toHaveCount(0);
    await expect(page.getByTestId("section-picks")).toContainText("From Fantasy, the genres you chose.");
    await expect(page.getByTestId("coming-soon-item").first().getByRole("button", { pressed: true })).toBeVisible();
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(headings.slice(0, 3)).toEqual(["Continue reading", "Coming soon", "Picked for you"]);
    expect(headings.at(-2)).toBe("Public-domain classics");
    expect(headings.at(-1)).toBe("Trending");
    await expectNoSeriousA11yViolations(page);

    // On a 360 px phone the rows scroll on their own; the page never scrolls sideways.
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(item).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(ownErrors(errors)).toEqual([]);
  });
});
