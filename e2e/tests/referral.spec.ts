import { randomUUID } from "node:crypto";
import { signedInReader, TEST_PASSWORD } from "../support/accounts";
import { linkIn, waitForMail } from "../support/outbox";
import { expectNoSeriousA11yViolations } from "../support/page-checks";
import { expect, test } from "../support/test";

test("a friend who signs up through the invite link is counted on the inviter's settings", async ({
  browser,
  context,
  page,
}) => {
  test.setTimeout(60_000);
  const inviter = await signedInReader(page.request, "Ines");
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Invite friends" });
  await expect(card.getByTestId("invite-count")).toHaveText("No friends have joined yet.");
  await card.getByRole("button", { name: "Copy link" }).click();
  await expect(card.getByTestId("invite-copy-status")).toHaveText("Copied");
  const link = await card.getByLabel("Your invite link").inputValue();
  expect(new URL(link).searchParams.get("ref")).toBe(inviter.username);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expectNoSeriousA11yViolations(page);

  // The friend opens the link in a browser of their own and signs up by email.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(link);
  await friend.goto("/auth/sign-up");
  const email = `friend-${randomUUID().slice(0, 8)}@example.test`;
  await friend.getByLabel("First name").fill("Farid");
  await friend.getByLabel("Last name").fill("Friend");
  await friend.getByLabel("Email").fill(email);
  await friend.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
  await friend.getByLabel("I accept the terms of use").check();
  await friend.getByRole("button", { name: "Create account" }).click();
  await expect(friend.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  const verification = new URL(linkIn(await waitForMail(email, /mode=verifyEmail/), "mode=verifyEmail"));
  await friend.goto(`${verification.pathname}${verification.search}`);
  await expect(friend.getByText(/verified/i).first()).toBeVisible();
  await friendContext.close();

  await page.reload();
  await expect(card.getByTestId("invite-count")).toHaveText("1 friend joined");
});
