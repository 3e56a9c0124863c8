import { signedInReader, TEST_PASSWORD } from "../support/accounts";
import { type APIRequestContext, expect, type Page, test } from "../support/test";

const BOOK = "the-salt-lantern";

interface QueuedProgress {
  operation: string;
  body: { readAt: string; epubPosition: { anchorId: string; offset: number } };
}

interface ServerProgress {
  progress: { currentChapter: string | null; lastReadAt: string; epubPosition: { offset: number } | null } | null;
}

/** What this tab's offline queue holds (IndexedDB `quire-offline-queue`), oldest first. */
function queuedActions(page: Page): Promise<QueuedProgress[]> {
  return page.evaluate(
    () =>
      new Promise<QueuedProgress[]>((resolve, reject) => {
        const opening = indexedDB.open("quire-offline-queue");
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const database = opening.result;
          if (!database.objectStoreNames.contains("actions")) {
            database.close();
            resolve([]);
            return;
          }
          const reading = database.transaction("actions").objectStore("actions").getAll();
          reading.onsuccess = () => {
            database.close();
            resolve(reading.result as QueuedProgress[]);
          };
          reading.onerror = () => reject(reading.error);
        };
      }),
  );
}

async function serverProgress(request: APIRequestContext): Promise<ServerProgress> {
  const response = await request.get(`/api/v1/books/${BOOK}/progress`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ServerProgress;
}

async function waitForChapter(page: Page, anchorId: string) {
  await expect(page.getByTestId("chapter-view")).toHaveAttribute("data-ready-anchor", anchorId);
}

function progressSaved(page: Page, anchorId: string) {
  return page.waitForResponse(
    (response) =>
      response.request().method() === "PUT" &&
      new URL(response.url()).pathname === `/api/v1/books/${BOOK}/chapters/${anchorId}/progress`,
  );
}

/** Turns a page (staying in the chapter: the next one is not downloaded) until the place is in the queue. */
async function readOfflineUntilQueued(page: Page): Promise<QueuedProgress> {
  const before = (await queuedActions(page)).length;
  await page.keyboard.press("ArrowRight");
  await expect.poll(async () => (await queuedActions(page)).length, { timeout: 10_000 }).toBeGreaterThan(before);
  const queued = (await queuedActions(page)).at(-1);
  if (!queued) throw new Error("nothing queued");
  return queued;
}

test.describe("actions made offline", () => {
  test("progress read offline arrives when the network returns, and never overwrites a newer place from another device", async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(90_000);
    const { email } = await signedInReader(page.request, "Orla");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/read/${BOOK}/chapter-1`);
    await waitForChapter(page, "chapter-1");

    // The same reader on another device, signed in with the same account.
    const otherDevice = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const signIn = await otherDevice.request.post("/api/auth/sign-in/email", {
      data: { email, password: TEST_PASSWORD },
    });
    expect(signIn.status()).toBe(200);

    // Offline, reading moves on: the place waits in the queue with the moment it was read.
    await context.setOffline(true);
    const offlinePlace = await readOfflineUntilQueued(page);
    expect(offlinePlace.operation).toBe("progress.putChapter");
    expect((await serverProgress(otherDevice.request)).progress?.lastReadAt).not.toBe(offlinePlace.body.readAt);

    // Back online: the queue sends it, with its original time.
    const sent = progressSaved(page, "chapter-1");
    await context.setOffline(false);
    expect((await sent).status()).toBe(200);
    await expect.poll(async () => (await queuedActions(page)).length).toBe(0);
    const arrived = (await serverProgress(otherDevice.request)).progress;
    expect(arrived?.currentChapter).toBe("chapter-1");
    expect(Date.parse(arrived?.lastReadAt ?? "")).toBe(Date.parse(offlinePlace.body.readAt));
    expect(arrived?.epubPosition?.offset).toBe(offlinePlace.body.epubPosition.offset);

    // Offline again; meanwhile the other device reads further, later. The late offline place must not win.
    await context.setOffline(true);
    const stalePlace = await readOfflineUntilQueued(page);
    const otherPage = await otherDevice.newPage();
    const furtherSave = progressSaved(otherPage, "chapter-3");
    await otherPage.setViewportSize({ width: 1280, height: 800 });
    await otherPage.goto(`/read/${BOOK}/chapter-3`);
    await waitForChapter(otherPage, "chapter-3");
    await otherPage.keyboard.press("ArrowRight");
    expect((await furtherSave).status()).toBe(200);
    const further = (await serverProgress(otherDevice.request)).progress;
    expect(further?.currentChapter).toBe("chapter-3");
    expect(Date.parse(further?.lastReadAt ?? "")).toBeGreaterThan(Date.parse(stalePlace.body.readAt));

    const lateSend = progressSaved(page, "chapter-1");
    await context.setOffline(false);
    expect((await lateSend).status()).toBe(200);
    await expect.poll(async () => (await queuedActions(page)).length).toBe(0);
    expect((await serverProgress(otherDevice.request)).progress).toMatchObject({
      currentChapter: "chapter-3",
      lastReadAt: further?.lastReadAt,
    });
    await otherDevice.close();
  });

  test("a star made offline shows at once and reaches the server when the network returns; signing out deletes what still waits", async ({
    page,
    context,
  }) => {
    await signedInReader(page.request, "Stella");
    await page.goto(`/books/${BOOK}`);
    const star = page.getByRole("button", { name: "Star this book" });
    await expect(star).toBeEnabled();

    await context.setOffline(true);
    await star.click();
    await expect(page.getByRole("button", { name: "Starred" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("saved-offline")).toHaveText("Saved offline — will sync");
    await expect
      .poll(async () => (await queuedActions(page)).map((action) => action.operation))
      .toEqual(["books.star"]);

    const sent = page.waitForResponse(
      (response) =>
        response.request().method() === "PUT" && new URL(response.url()).pathname === `/api/v1/books/${BOOK}/star`,
    );
    await context.setOffline(false);
    expect((await sent).ok()).toBe(true);
    await expect.poll(async () => (await queuedActions(page)).length).toBe(0);
    const state = await page.request.get(`/api/v1/books/${BOOK}/viewer-state`);
    expect(await state.json()).toMatchObject({ starred: true });
    await expect(page.getByRole("button", { name: "Starred" })).toBeVisible();
    await expect(page.getByTestId("saved-offline")).toHaveText("");

    // A change the network keeps failing waits in the queue; signing out deletes it (a shared device never sends it).
    // Any query too: the queue replays with ?at=<when it was made>.
    await page.route(new RegExp(`/api/v1/books/${BOOK}/star(\\?.*)?$`), (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Starred" }).click();
    await expect(page.getByTestId("saved-offline")).toHaveText("Saved offline — will sync");
    await expect
      .poll(async () => (await queuedActions(page)).map((action) => action.operation))
      .toEqual(["books.unstar"]);
    await page.getByTestId("account-menu-button").click();
    await page
      .getByRole("menuitem", { name: "Sign out" })
      .or(page.getByRole("button", { name: "Sign out" }))
      .first()
      .click();
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
    await expect.poll(async () => (await queuedActions(page)).length).toBe(0);
  });
});
