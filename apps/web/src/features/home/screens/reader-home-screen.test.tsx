import type { BookSummary, ReaderHome } from "@quire/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, mockApi, signedIn } from "../../../test/api-mock";
import { makeBookSummary, makeProgress } from "../../../test/fixtures";
import { renderRouter } from "../../../test/render-router";
import { HomeScreen } from "./home-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const book = (id: string, title: string, extra: Partial<BookSummary> = {}) => makeBookSummary(title, { id, ...extra });

const EMPTY: ReaderHome = {
  continueReading: [],
  comingSoon: [],
  picks: { genres: [], books: [] },
  fromFollowed: [],
  classics: [],
  trending: [],
};

const FULL: ReaderHome = {
  continueReading: [
    {
      book: book("b1", "The Lamplighter"),
      progress: makeProgress({ bookId: "b1", progress: 42 }),
    },
  ],
  comingSoon: [
    {
      book: book("s1", "Orbit of Small Hours", { status: "scheduled", launchedDate: "2026-12-05T10:00:00.000Z" }),
      subscribed: false,
    },
  ],
  picks: {
    genres: [
      { id: "g1", displayName: "Fantasy" },
      { id: "g2", displayName: "Poetry" },
    ],
    books: [book("p1", "Salt Roads")],
  },
  fromFollowed: [book("f1", "Field Notes")],
  classics: [book("c1", "The Adventures of Sherlock Holmes", { source: "public-domain" })],
  trending: [book("t1", "The Night Telegraph")],
};

function renderHome() {
  renderRouter(createMemoryRouter([{ path: "/", element: <HomeScreen /> }], { initialEntries: ["/"] }));
}

// The reader's home is a lazy import: its first load in a test run transforms the module, which can take a while.
const LAZY = { timeout: 5000 };

describe("ReaderHome", () => {
  it("keeps the landing page for visitors and never asks for a reader's home", async () => {
    const calls = mockApi({
      "books.trending": () => ({ items: [] }),
      "books.newCommunity": () => ({ items: [], nextCursor: null }),
      "categories.list": () => ({ items: [] }),
    });
    renderHome();
    expect(await screen.findByRole("heading", { name: "Read, track and share the books you love." })).toBeTruthy();
    expect(calls.some((call) => call.path === "/api/v1/me/home")).toBe(false);
  });

  it("shows a signed-in reader's sections in order, with the progress figure and the genres chosen", async () => {
    mockApi({ ...signedIn, "me.home": () => FULL });
    renderHome();
    expect(await screen.findByRole("heading", { name: "Welcome back, Ada" }, LAZY)).toBeTruthy();
    await screen.findByTestId("section-continue-reading");
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      "Continue reading",
      "Coming soon",
      "Picked for you",
      "New from people you follow",
      "Public-domain classics",
      "Trending",
    ]);
    const item = screen.getByTestId("continue-item");
    expect(within(item).getAllByRole("link")[0]?.getAttribute("href")).toBe("/read/b1");
    expect(within(item).getByTestId("byline-author").getAttribute("href")).toMatch(/^\/(users|search)/);
    expect(within(item).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("42");
    expect(within(item).getByText(/^42% · last read/)).toBeTruthy();
    expect(screen.getByText("From Fantasy and Poetry, the genres you chose.")).toBeTruthy();
    const classics = within(screen.getByTestId("section-classics"));
    expect(classics.getByRole("link", { name: "The Adventures of Sherlock Holmes" })).toBeTruthy();
    expect(screen.queryByTestId("first-run")).toBeNull();
  });

  it("asks to be notified of a launch and shows the new state at once", async () => {
    const calls = mockApi({
      ...signedIn,
      "me.home": () => FULL,
      "books.subscribeLaunch": () => ({ subscribed: true }),
    });
    renderHome();
    const coming = await screen.findByTestId("coming-soon-item", {}, LAZY);
    expect(within(coming).getByTestId("status-badge").textContent).toMatch(/^Launches .*2026/);
    fireEvent.click(within(coming).getByRole("button", { name: "Notify me when Orbit of Small Hours launches" }));
    const undo = await within(coming).findByRole("button", {
      name: "Don't notify me when Orbit of Small Hours launches",
    });
    expect(undo.getAttribute("aria-pressed")).toBe("true");
    expect(calls.filter((call) => call.method === "PUT").map((call) => call.path)).toEqual([
      "/api/v1/books/s1/launch-subscription",
    ]);
  });

  it("welcomes a brand-new reader towards browse and search, hiding empty sections", async () => {
    mockApi({ ...signedIn, "me.home": () => ({ ...EMPTY, trending: FULL.trending }) });
    renderHome();
    const firstRun = await screen.findByTestId("first-run", {}, LAZY);
    expect(within(firstRun).getByRole("link", { name: "Browse the catalogue" }).getAttribute("href")).toBe("/browse");
    expect(within(firstRun).getByRole("link", { name: "Search books and people" }).getAttribute("href")).toBe(
      "/search",
    );
    expect(screen.queryByTestId("section-continue-reading")).toBeNull();
    expect(screen.queryByTestId("section-picks")).toBeNull();
    expect(screen.getByTestId("section-trending")).toBeTruthy();
  });

  it("shows the failure with a retry that loads the home", async () => {
    let attempts = 0;
    mockApi({
      ...signedIn,
      "me.home": () => {
        attempts += 1;
        return attempts === 1 ? apiError(400, "invalid-argument", "The home could not be built.") : Response.json(FULL);
      },
    });
    renderHome();
    const failure = await screen.findByTestId("error-state", {}, LAZY);
    expect(within(failure).getByText("The home could not be built.")).toBeTruthy();
    fireEvent.click(within(failure).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.getByTestId("section-continue-reading")).toBeTruthy());
  });
});
