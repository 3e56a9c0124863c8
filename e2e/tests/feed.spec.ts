import { signedInReader } from "../support/accounts";
import { collectPageErrors, expectNoSeriousA11yViolations } from "../support/page-checks";
import { type APIRequestContext, expect, test } from "../support/test";

interface CatalogBook {
  id: string;
  title: string;
}

/** Two books of the demo catalogue, and the first chapter of the second (to start reading it). */
async function twoBooks(request: APIRequestContext) {
  const { items } = (await (await request.get("/api/v1/books")).json()) as { items: CatalogBook[] };
  const [starred, started] = items as [CatalogBook, CatalogBook];
  const chapters = await (await request.get(`/api/v1/books/${started.id}/chapters`)).json();
  return { starred, started, anchorId: chapters.items[0].anchorId as string };
}

test.describe("activity feed and follower lists", () => {
  test("a follower sees what the followed reader starred and started, newest first, and is on their followers page", async ({
    browser,
  }) => {
    const adaContext = await browser.newContext();
    const bobContext = await browser.newContext();
    const ada = await adaContext.newPage();
    const bob = await bobContext.newPage();
    const errors = collectPageErrors(ada);
    const adaAccount = await signedInReader(ada.request, "Ada");
    const bobAccount = await signedInReader(bob.request, "Bob");

    await ada.goto(`/u/${bobAccount.username}`);
    await ada.getByTestId("follow-button").click();
    await expect(ada.getByTestId("follow-button")).toHaveText(/Following/);

    const { starred, started, anchorId } = await twoBooks(bob.request);
    expect((await bob.request.put(`/api/v1/books/${starred.id}/star`)).status()).toBe(200);
    const progress = await bob.request.put(`/api/v1/books/${started.id}/progress`, {
      data: { progress: 5, currentChapter: anchorId, epubPosition: { anchorId, offset: 0 } },
    });
    expect(progress.status()).toBe(200);

    await ada.getByRole("banner").getByRole("link", { name: "Feed", exact: true }).last().click();
    await expect(ada).toHaveURL(/\/feed$/);
    const items = ada.getByTestId("feed-item");
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(`Bob Tester started reading ${started.title}`);
    await expect(items.nth(1)).toContainText(`Bob Tester starred ${starred.title}`);
    await expect(items.nth(0).getByRole("link", { name: "Bob Tester" })).toHaveAttribute(
      "href",
      `/u/${bobAccount.username}`,
    );
    await expect(items.nth(1).getByRole("link", { name: starred.title })).toHaveAttribute(
      "href",
      `/books/${starred.id}`,
    );
    await expectNoSeriousA11yViolations(ada);

    // Bob follows nobody: his feed is empty and offers people to follow instead.
    await bob.goto("/feed");
    await expect(bob.getByText("Your feed is quiet")).toBeVisible();

    await items.nth(0).getByRole("link", { name: "Bob Tester" }).click();
    await ada.getByTestId("profile-followers-link").click();
    await expect(ada).toHaveURL(new RegExp(`/u/${bobAccount.username}/followers$`));
    const people = ada.getByTestId("follow-list-person");
    await expect(people).toHaveCount(1);
    await expect(people.first()).toContainText(`@${adaAccount.username}`);
    // Nobody is offered a button to follow themself.
    await expect(people.first().getByTestId("follow-button")).toHaveCount(0);
    await expectNoSeriousA11yViolations(ada);

    await ada.getByRole("navigation", { name: "Connections" }).getByRole("link", { name: "Following" }).click();
    await expect(ada).toHaveURL(new RegExp(`/u/${bobAccount.username}/following$`));
    await expect(ada.getByText("Not following anyone yet")).toBeVisible();
    expect(errors).toEqual([]);
    await adaContext.close();
    await bobContext.close();
  });
});
