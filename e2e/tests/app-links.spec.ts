import { devices, expect, test } from "../support/test";

// SPEC §2 in a phone's browser: a book page reached from elsewhere offers the app, tries quire://…, and stays on
// the page when nothing answers within 2 s (Chromium has no handler for the scheme, as a phone without the app).
test.use({ viewport: { width: 360, height: 740 }, userAgent: devices["Pixel 7"].userAgent, hasTouch: true });

const BOOK = "/books/the-salt-lantern";

test("a book link from another site offers the app, and the page stays when the app does not open", async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(BOOK, { referer: "https://search.example/" });
  const offer = page.getByTestId("open-in-app");
  await expect(offer).toBeVisible();

  const started = Date.now();
  await offer.getByRole("button", { name: "Open in app" }).click();
  await expect(offer.getByRole("status")).toHaveText(
    "The Quire app didn't open on this phone, so you're reading here on the web.",
  );
  expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
  await expect(page).toHaveURL(new RegExp(`${BOOK}$`));
  await expect(page.getByTestId("book-page").getByRole("heading", { level: 1 })).toHaveText("The Salt Lantern");

  // Declined once: the next landing from elsewhere is not asked again.
  await page.goto(BOOK, { referer: "https://search.example/" });
  await expect(page.getByTestId("book-page")).toBeVisible();
  await expect(offer).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
