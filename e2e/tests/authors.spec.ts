import { randomUUID } from "node:crypto";
import { signedInReader } from "../support/accounts";
import { collectPageErrors, expectNoSeriousA11yViolations } from "../support/page-checks";
import { type APIRequestContext, expect, test } from "../support/test";

/** A community book with one chapter, written through the studio API (the studio spec drives its screens). */
async function writtenBook(request: APIRequestContext, title: string): Promise<string> {
  const created = await request.post("/api/v1/studio/books", { data: { title, summary: "Written for this test." } });
  expect(created.status(), await created.text()).toBe(200);
  const bookId = (await created.json()).book.id as string;
  const chapter = await request.post(`/api/v1/studio/books/${bookId}/chapters`, {
    data: { name: "One", markdown: "The tide came in twice that night." },
  });
  expect(chapter.status(), await chapter.text()).toBe(200);
  return bookId;
}

test.describe("authors and profiles", () => {
  test("a reader follows a book's byline to its author's profile, finds their books and follows them", async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const authorContext = await browser.newContext();
    const readerContext = await browser.newContext();
    const author = await authorContext.newPage();
    const reader = await readerContext.newPage();
    const errors = collectPageErrors(reader);

    const mara = await signedInReader(author.request, "Mara");
    expect((await author.request.post("/api/v1/studio/author")).status()).toBe(200);
    const suffix = randomUUID().slice(0, 6);
    const launched = await writtenBook(author.request, `The Salt Roads ${suffix}`);
    expect((await author.request.post(`/api/v1/studio/books/${launched}/launch`)).status()).toBe(200);
    const scheduled = await writtenBook(author.request, `Low Water ${suffix}`);
    const launchDate = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const schedule = await author.request.post(`/api/v1/studio/books/${scheduled}/schedule`, { data: { launchDate } });
    expect(schedule.status(), await schedule.text()).toBe(200);

    await signedInReader(reader.request, "Bob");
    await reader.goto(`/books/${launched}`);
    const header = reader.getByTestId("book-page").locator("header");
    await expect(header.getByRole("button", { name: "Follow author" })).toBeVisible();
    await expectNoSeriousA11yViolations(reader);
    await header.getByRole("link", { name: "Mara Tester" }).click();

    await expect(reader).toHaveURL(new RegExp(`/u/${mara.username}$`));
    await expect(reader.getByRole("heading", { level: 1, name: "Mara Tester" })).toBeVisible();
    const books = reader.getByRole("list", { name: "Books by Mara Tester" });
    await expect(books.getByTestId("book-card")).toHaveCount(2);
    await expect(books.getByTestId("book-card").first()).toHaveAttribute("data-book-id", launched);
    await expect(books.getByTestId("book-card").nth(1)).toHaveAttribute("data-book-id", scheduled);
    await expect(books.getByRole("button", { name: "Notify me at launch" })).toBeEnabled();
    // A new account has not said where it is, so the profile names no place.
    await expect(reader.getByText("Bookham")).toHaveCount(0);
    await expectNoSeriousA11yViolations(reader);

    await reader.getByTestId("follow-button").click();
    await expect(reader.getByTestId("follow-button")).toHaveText("Following");
    await expect(reader.getByTestId("profile-followers-link")).toContainText("1");
    await reader.reload();
    await expect(reader.getByTestId("follow-button")).toHaveText("Following");
    expect(errors).toEqual([]);
    await authorContext.close();
    await readerContext.close();
  });
});
