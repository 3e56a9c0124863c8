import type { BookSummary } from "@quire/core";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, mockApi, signedIn } from "../../../test/api-mock";
import { makeBookDetail, makeBookSummary, makeViewerState } from "../../../test/fixtures";
import { renderRouter } from "../../../test/render-router";
import { LAUNCH_POLL_MS } from "../../catalog/queries";
import { BookScreen } from "./book-screen";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const detail = (book: Partial<BookSummary>) =>
  makeBookDetail(
    makeBookSummary("The Lantern Keeper", { id: "book-1", summary: "A keeper of lights.", nUserStarred: 7, ...book }),
  );

const noChapters = () => Response.json({ items: [], nextCursor: null });

function renderBookPage() {
  renderRouter(
    createMemoryRouter([{ path: "/books/:id", element: <BookScreen /> }], { initialEntries: ["/books/book-1"] }),
  );
}

const starCount = () => {
  const label = within(screen.getByTestId("book-counts")).getByText("Stars");
  return label.parentElement?.querySelector("dd")?.textContent;
};

describe("BookScreen, live", () => {
  it("moves the star count with the click, and back when the star fails", async () => {
    let answer: (response: Response) => void = () => {};
    const calls = mockApi({
      ...signedIn,
      "books.get": () => detail({}),
      "books.chapters": noChapters,
      "books.viewerState": () => makeViewerState(),
      "books.star": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderBookPage();
    const star = await screen.findByRole("button", { name: "Star this book" });
    await waitFor(() => expect((star as HTMLButtonElement).disabled).toBe(false));
    expect(starCount()).toBe("7");

    fireEvent.click(star);
    // Before the server answers.
    await waitFor(() => expect(starCount()).toBe("8"));
    answer(apiError(500, "internal", "Failed to toggle book star."));
    expect(await screen.findByText("Failed to toggle book star.")).toBeTruthy();
    await waitFor(() => expect(starCount()).toBe("7"));
    expect(calls.filter((call) => call.method === "PUT")).toHaveLength(1);
  });

  it("shows the count the star answered with, and reads the book again", async () => {
    let starred = false;
    const calls = mockApi({
      ...signedIn,
      "books.get": () => detail({ nUserStarred: starred ? 12 : 7 }),
      "books.chapters": noChapters,
      "books.viewerState": () => makeViewerState(),
      "books.star": () => {
        starred = true;
        return Response.json({ starred: true, nUserStarred: 12 });
      },
    });
    renderBookPage();
    const star = await screen.findByRole("button", { name: "Star this book" });
    await waitFor(() => expect((star as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(star);
    expect(await screen.findByRole("button", { name: "Starred" })).toBeTruthy();
    await waitFor(() => expect(starCount()).toBe("12"));
    await waitFor(() => expect(calls.filter((call) => call.path === "/api/v1/books/book-1")).toHaveLength(2));
  });

  it("turns a scheduled book into 'Start reading' once it launches, without a reload", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const start = Date.parse("2027-01-01T12:00:00.000Z");
    vi.setSystemTime(start);
    const launchAt = start + 90_000;
    // The launch worker runs a little after the launch time.
    const launchedAt = launchAt + 7_000;
    const calls = mockApi({
      "books.get": () =>
        detail({
          status: Date.now() >= launchedAt ? "launched" : "scheduled",
          launchedDate: new Date(launchAt).toISOString(),
        }),
      "books.chapters": noChapters,
    });
    const bookReads = () => calls.filter((call) => call.path === "/api/v1/books/book-1").length;
    renderBookPage();
    expect((await screen.findByTestId("read-button")).textContent).toBe("Readable at launch");
    expect(screen.getByTestId("launch-countdown")).toBeTruthy();

    // Nothing is asked before the launch time…
    await act(() => vi.advanceTimersByTimeAsync(80_000));
    expect(bookReads()).toBe(1);
    // …then at it, and every few seconds until the book has launched.
    await act(() => vi.advanceTimersByTimeAsync(10_000 + LAUNCH_POLL_MS));
    expect(bookReads()).toBe(3);
    expect(screen.getByTestId("read-button").textContent).toBe("Readable at launch");
    await act(() => vi.advanceTimersByTimeAsync(LAUNCH_POLL_MS));
    await waitFor(() => expect(screen.getByTestId("read-button").textContent).toBe("Start reading"));
    expect(screen.queryByTestId("launch-countdown")).toBeNull();
    // Launched: no more polling.
    await act(() => vi.advanceTimersByTimeAsync(LAUNCH_POLL_MS * 3));
    expect(bookReads()).toBe(4);
  });
});
