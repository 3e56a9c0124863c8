import { signedInReader } from "../support/accounts";
import { collectPageErrors, expectNoSeriousA11yViolations } from "../support/page-checks";
import { expect, test } from "../support/test";

/** `YYYY-MM-DDTHH:mm` in the browser's zone, what a datetime-local input takes. */
function localInputValue(date: Date): string {
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

test.describe("author studio", () => {
  test("a reader becomes an author, writes two chapters, schedules the book and launches it to a subscriber", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const errors = collectPageErrors(page);
    await signedInReader(page.request, "Writer");

    await page.goto("/");
    await page.getByTestId("account-menu-button").click();
    await page.getByTestId("account-menu").getByRole("link", { name: "Studio" }).click();
    await expect(page.getByRole("heading", { name: "Studio", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Become an author" }).click();
    await expect(page.getByText("No books yet")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("link", { name: "Start a new book" }).click();
    await page.getByLabel("Title").fill("The Lighthouse Letters");
    await page.getByLabel("Summary").fill("Letters that arrive a century late.");
    await page.getByRole("button", { name: "Create book" }).click();
    await expect(page.getByRole("heading", { name: "The Lighthouse Letters", level: 1 })).toBeVisible();
    const bookId = new URL(page.url()).pathname.split("/").pop() as string;

    // Straight into the editor of a new first chapter, no second "Add a chapter" step.
    await page.getByRole("button", { name: "Write the first chapter" }).click();
    await expect(page).toHaveURL(/\/studio\/books\/[^/]+\/chapters\/[^/]+$/);
    await page.getByLabel("Chapter name").fill("The Keeper");
    await page.getByLabel("Text (Markdown)").fill("The *first* letter came with the tide.\n\nNobody had written it.");
    await expect(page.getByTestId("chapter-preview").locator("em")).toHaveText("first");
    await expect(page.getByTestId("word-count")).toHaveText("13 words");
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "New chapter" }).click();
    await expect(page.getByLabel("Chapter name")).toHaveValue("Chapter 2");
    await page.getByLabel("Chapter name").fill("The Reply");
    await page.getByLabel("Text (Markdown)").fill("> Dear keeper,\n\nShe wrote back at once.");
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    const chapterList = page.getByTestId("chapter-list");
    await expect(chapterList.getByRole("link")).toHaveText([/1\. The Keeper/, /2\. The Reply/]);

    // Reorder with the keyboard, and back.
    await page.getByRole("button", { name: "Move “The Reply” up" }).focus();
    await page.keyboard.press("Enter");
    await expect(chapterList.getByRole("link")).toHaveText([/1\. The Reply/, /2\. The Keeper/]);
    await page.getByRole("button", { name: "Move “The Reply” down" }).click();
    await expect(chapterList.getByRole("link")).toHaveText([/1\. The Keeper/, /2\. The Reply/]);

    await page.getByRole("link", { name: "Book settings" }).click();
    const launchAt = new Date(Date.now() + 3 * 86_400_000);
    await page.getByLabel("Launch date and time").fill(localInputValue(launchAt));
    await expect(page.getByTestId("launch-countdown")).toBeVisible();
    await page.getByTestId("schedule-launch").click();
    await expect(page.getByText("Launch scheduled.")).toBeVisible();
    await expect(page.getByTestId("launch-state")).toContainText("Scheduled for");
    await expect(page.getByTestId("book-status")).toContainText("Shown in the catalogue");

    // A second reader finds the scheduled book and subscribes to its launch.
    const readerContext = await browser.newContext();
    const reader = await readerContext.newPage();
    await signedInReader(reader.request, "Subscriber");
    await reader.goto(`/books/${bookId}`);
    await expect(reader.getByTestId("launch-countdown")).toBeVisible();
    expect((await reader.request.put(`/api/v1/books/${bookId}/launch-subscription`)).status()).toBe(200);

    await page.getByTestId("launch-now").click();
    await page.getByTestId("launch-now-confirm").click();
    await expect(page.getByRole("heading", { name: "Launched" })).toBeVisible();
    await expect(page.getByTestId("launch-state")).toContainText("1 subscriber notified.");

    await page.getByRole("link", { name: "View the book page" }).click();
    await expect(page.getByRole("heading", { name: "The Lighthouse Letters", level: 1 })).toBeVisible();
    await expect(page.getByText("Launched", { exact: true }).first()).toBeVisible();

    // The subscriber's high-priority event becomes a notification.
    await expect
      .poll(async () => JSON.stringify(await (await reader.request.get("/api/v1/notifications")).json()), {
        timeout: 15_000,
      })
      .toContain("The Lighthouse Letters");
    await readerContext.close();

    expect(errors).toEqual([]);
  });
});
