import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signedIn } from "../../../test/api-mock";
import { makeMe } from "../../../test/fixtures";
import { renderRouter } from "../../../test/render-router";
import { bookCacheName, downloadBook, listDownloads } from "../download-manager";
import { BOOK_ID, serveBook } from "../test-book-server";
import { offlineBrowser } from "../test-offline-browser";
import { DownloadForOffline } from "./download-for-offline";
import { DownloadedBooks } from "./downloaded-books";

afterEach(() => {
  vi.unstubAllGlobals();
});

const BOOK = { id: BOOK_ID, title: "The Night Book" };

function renderButton(compact = false) {
  renderRouter(
    createMemoryRouter([{ path: "/", element: <DownloadForOffline book={BOOK} compact={compact} /> }], {
      initialEntries: ["/"],
    }),
  );
}

/** Holds the book's font back until released, so the download can be seen under way. */
function holdFont() {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const serve = vi.mocked(fetch).getMockImplementation() as typeof fetch;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    if (String(input).endsWith("/g.woff2")) await held;
    return serve(input, init);
  });
  return () => act(release);
}

describe("DownloadForOffline", () => {
  it("shows the free space, a progress bar while downloading, then the size and Remove download", async () => {
    const browser = offlineBrowser();
    serveBook(signedIn);
    const release = holdFont();
    renderButton();

    expect(await screen.findByText("954 MB free on this device")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Download for offline" }));
    const bar = await screen.findByRole("progressbar", { name: "Downloading The Night Book for offline" });
    await waitFor(() => expect(Number(bar.getAttribute("aria-valuenow"))).toBeGreaterThan(50));
    expect(Number(bar.getAttribute("aria-valuenow"))).toBeLessThan(100);
    await release();

    expect(await screen.findByText("Downloaded for offline")).toBeTruthy();
    const [record] = await listDownloads();
    expect(record?.userId).toBe(makeMe().id);
    expect(screen.getByTestId("offline-storage").textContent).toMatch(/^Uses \d+(\.\d)? KB · 954 MB free$/);
    expect(screen.queryByRole("progressbar")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Remove download" }));
    expect(await screen.findByRole("button", { name: "Download for offline" })).toBeTruthy();
    expect(await browser.storage.has(bookCacheName(BOOK_ID))).toBe(false);
  });

  it("says clearly when the book would not fit, and keeps nothing", async () => {
    const browser = offlineBrowser({ estimate: { usage: 999_999_000, quota: 1_000_000_000 } });
    serveBook(signedIn);
    renderButton();
    fireEvent.click(await screen.findByRole("button", { name: "Download for offline" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/^Not enough room on this device: the book needs .+ and 1000 bytes is free\.$/);
    expect(await browser.storage.keys()).toEqual([]);
    expect(screen.getByRole("button", { name: "Download for offline" })).toBeTruthy();
  });

  it("is disabled offline, saying why, and comes back with the network", async () => {
    const browser = offlineBrowser();
    serveBook();
    renderButton();
    const button = await screen.findByRole("button", { name: "Download for offline" });
    act(browser.goOffline);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const reason = document.getElementById(button.getAttribute("aria-describedby") ?? "");
    expect(reason?.textContent).toBe("You're offline: connect to download this book.");
    act(browser.goOnline);
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.getAttribute("aria-describedby")).toBeNull();
  });

  it("on a card is one button named after the book, then a Downloaded mark", async () => {
    offlineBrowser();
    serveBook();
    renderButton(true);
    fireEvent.click(await screen.findByRole("button", { name: "Download The Night Book for offline" }));
    expect((await screen.findByTestId("offline-downloaded")).textContent).toBe("Downloaded");
    expect(screen.queryByRole("button", { name: "Remove download" })).toBeNull();
  });

  it("shows nothing in a browser that cannot keep books", () => {
    serveBook();
    vi.stubGlobal("caches", undefined);
    renderButton();
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("DownloadedBooks", () => {
  const renderList = () =>
    renderRouter(createMemoryRouter([{ path: "/", element: <DownloadedBooks /> }], { initialEntries: ["/"] }));

  it("says how to download when nothing is kept", async () => {
    offlineBrowser();
    serveBook();
    renderList();
    expect(await screen.findByText(/^Nothing downloaded\./)).toBeTruthy();
  });

  it("lists the books kept on this device, each opening the reader, and removes one", async () => {
    const browser = offlineBrowser();
    serveBook();
    await downloadBook(BOOK_ID, { userId: null });
    renderList();
    const link = await screen.findByRole("link", { name: "The Night Book" });
    expect(link.getAttribute("href")).toBe("/read/b1");
    fireEvent.click(screen.getByRole("button", { name: "Remove download of The Night Book" }));
    await waitFor(() => expect(screen.queryByRole("link", { name: "The Night Book" })).toBeNull());
    expect(await browser.storage.keys()).toEqual([]);
  });
});
