import { signedInReader } from "../support/accounts";
import { collectPageErrors, expectNoSeriousA11yViolations } from "../support/page-checks";
import { expect, test } from "../support/test";

test.describe("live notifications", () => {
  test("a new follower shows up in the other reader's inbox and badge without a reload", async ({ browser }) => {
    const aliceContext = await browser.newContext();
    const bobContext = await browser.newContext();
    const alice = await aliceContext.newPage();
    const bob = await bobContext.newPage();
    const errors = collectPageErrors(bob);
    await signedInReader(alice.request, "Alice");
    const bobAccount = await signedInReader(bob.request, "Bob");

    await bob.goto("/browse");
    const bell = bob.getByRole("banner").getByTestId("notifications-bell").last();
    await expect(bell).toHaveAttribute("aria-label", "Notifications");

    await alice.goto(`/u/${bobAccount.username}`);
    await alice.getByTestId("follow-button").click();
    await expect(alice.getByTestId("follow-button")).toHaveText(/Following/);

    // Bob's open page hears it over the stream: no reload.
    await expect(bell).toHaveAttribute("aria-label", "Notifications, 1 unread", { timeout: 15_000 });
    // Opening the inbox reads what it shows: the item stays highlighted as new, the bell's count goes.
    await bell.click();
    await expect(bob).toHaveURL(/\/notifications$/);
    await expect(bob.getByText("Alice Tester started following you.")).toBeVisible();
    await expect(bob.getByRole("link", { name: /New follower \(new\)/ })).toBeVisible();
    await expect(bell).toHaveAttribute("aria-label", "Notifications");
    await expectNoSeriousA11yViolations(bob);
    await bob.screenshot({ path: test.info().outputPath("notifications-inbox.png") });
    expect(errors.filter((e) => !/status of 40[1-9]/.test(e))).toEqual([]);
    await aliceContext.close();
    await bobContext.close();
  });
});
