import { collectPageErrors, expectNoSeriousA11yViolations } from "../support/page-checks";
import { expect, test } from "../support/test";

test.describe("a visitor", () => {
  test("sees a living home page and opens a book from it", async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Trending", exact: true })).toBeVisible();
    await expect(page.getByTestId("trending-books").getByRole("listitem")).toHaveCount(4);
    await expect(page.getByRole("heading", { name: "New community books" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Newest readers" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Staff picks" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const firstTrending = page.getByTestId("trending-books").getByRole("link").first();
    const href = await firstTrending.getAttribute("href");
    expect(href).toMatch(/^\/books\//);
    await firstTrending.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    // The book screen is a lazy chunk: until it arrives the home page (and its heading) is still shown.
    const title = page.getByTestId("book-page").getByRole("heading", { level: 1 });
    await expect(title).toBeVisible();
    await expect(page).toHaveTitle(`${await title.textContent()} — Quire`);
    await expect(page.getByRole("heading", { name: "Chapters" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "About this book" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });

  test("gets a book page whose HTML already names the book for link previews", async ({ request }) => {
    const response = await request.get("/books/the-salt-lantern");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>The Salt Lantern — Quire</title>");
    const card = html.match(
      /<meta property="og:image" content="(http:\/\/[^"]+\/og\/books\/the-salt-lantern\/[0-9a-f]+\.png)">/,
    );
    expect(card).not.toBeNull();
    const image = await request.get(new URL(card?.[1] ?? "").pathname);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
  });

  test.describe("with the service worker blocked", () => {
    // A worker that precached the app's scripts would answer them itself, past the route that blocks them below.
    test.use({ serviceWorkers: "block" });
    test("switches to dark, reloads, and keeps dark with no flash of light", async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.emulateMedia({ colorScheme: "light" });
      await page.goto("/");
      const html = page.locator("html");
      await expect(html).not.toHaveClass(/\bdark\b/);
      await page.getByRole("button", { name: "Switch to dark theme" }).first().click();
      await expect(html).toHaveClass(/\bdark\b/);
      await expect(page.getByRole("button", { name: "Switch to light theme" }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.reload();
      await expect(html).toHaveClass(/\bdark\b/);

      // With the app's own scripts blocked, only the tiny head script runs: dark must already be set before paint.
      // Leaving first keeps the blocking from the home page's own late imports (region detection waits for idle);
      // the app never starts on the blocked page, so the navigation waits for its HTML only.
      await page.goto("about:blank");
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto("/browse", { waitUntil: "domcontentloaded" });
      await expect(html).toHaveClass(/\bdark\b/);
      await page.unroute(/\/assets\/.*\.js$/);
      expect(errors.filter((e) => !e.includes("net::ERR_FAILED"))).toEqual([]);
    });
  });

  test("follows the device theme in system mode, live", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    const html = page.locator("html");
    await expect(html).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html).not.toHaveClass(/\bdark\b/);
  });

  test("browses with filters kept in the address", async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto("/browse");
    await expect(page.getByRole("heading", { name: "Browse books" })).toBeVisible();
    const results = page.getByTestId("browse-results");
    await expect(results.getByRole("link").first()).toBeVisible();

    await page.getByLabel("Genre").selectOption({ label: "Fantasy" });
    await expect(page).toHaveURL(/genre=fantasy/);
    await expect(results.getByRole("link").first()).toBeVisible();
    const api = await page.request.get("/api/v1/books?genre=fantasy&pageSize=20");
    const expected = ((await api.json()) as { items: { title: string }[] }).items.map((book) => book.title);
    for (const title of expected) await expect(results.getByText(title, { exact: true }).first()).toBeVisible();

    await page.getByLabel("Status").selectOption("scheduled");
    await expect(page).toHaveURL(/status=scheduled/);
    await page.reload();
    await expect(page.getByLabel("Genre")).toHaveValue("fantasy");
    await expect(page.getByLabel("Status")).toHaveValue("scheduled");
    await expectNoSeriousA11yViolations(page);

    await page.goto("/browse?genre=poetry&status=wip&source=public-domain");
    await expect(page.getByText("No books match these filters")).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("opens a newest reader's profile from home, and a friendly page for an unknown one", async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto("/");
    const reader = page.getByTestId("newest-readers").getByRole("link").first();
    const name = (await reader.textContent())?.trim() ?? "";
    await reader.click();
    await expect(page).toHaveURL(/\/u\/[a-z0-9_]+$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByTestId("profile-counts")).toContainText("Followers");
    await expect(page).toHaveTitle(`${name} — Quire`);
    await expectNoSeriousA11yViolations(page);
    await page.goto("/u/no_such_reader");
    await expect(page.getByRole("heading", { name: "Reader not found" })).toBeVisible();
    expect(errors.filter((e) => !e.includes("status of 404"))).toEqual([]);
  });

  test("sees a friendly page for an unknown address and for a missing book", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: /home/i }).first()).toBeVisible();
    const response = await page.goto("/books/no-such-book");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Book not found" })).toBeVisible();
  });
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test("has a 64 px bottom bar, no sideways scrolling, and works by touch", async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto("/");
    const bottomNav = page.getByTestId("bottom-nav");
    await expect(bottomNav).toBeVisible();
    const box = await bottomNav.boundingBox();
    expect(box?.height).toBe(64);
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(780);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);

    await bottomNav.getByRole("link", { name: /browse/i }).tap();
    await expect(page).toHaveURL(/\/browse/);
    await expect(page.getByRole("heading", { name: "Browse books" })).toBeVisible();
    const browseOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(browseOverflow).toBeLessThanOrEqual(0);

    await page.goto("/books/the-salt-lantern");
    await expect(page.getByRole("heading", { name: "The Salt Lantern", level: 1 })).toBeVisible();
    const bookOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(bookOverflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });
});
