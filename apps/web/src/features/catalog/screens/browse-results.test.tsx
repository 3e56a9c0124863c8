import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { type ApiMocks, apiError, mockApi } from "../../../test/api-mock";
import { makeBookSummary } from "../../../test/fixtures";
import { renderRouter } from "../../../test/render-router";
import { BrowseScreen } from "./browse-screen";

function renderBrowse(url: string, mocks: ApiMocks) {
  const calls = mockApi({
    "genres.list": () => ({ items: [{ id: "fantasy", displayName: "Fantasy" }] }),
    "categories.list": () => ({ items: [] }),
    ...mocks,
  });
  const router = createMemoryRouter([{ path: "/browse", element: <BrowseScreen /> }], { initialEntries: [url] });
  renderRouter(router);
  return { calls, router };
}

/** The query strings the screen asked the book list with, in order. */
function bookListQueries(): URLSearchParams[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => String(input))
    .filter((url) => url.startsWith("/api/v1/books?") || url === "/api/v1/books")
    .map((url) => new URL(url, "http://quire.test").searchParams);
}

const titles = () =>
  within(screen.getByTestId("browse-results"))
    .getAllByRole("heading")
    .map((heading) => heading.textContent);

describe("the browse screen's results", () => {
  it("asks for the filters in the URL, then shows the books and how many were found", async () => {
    renderBrowse("/browse?genre=fantasy&sort=newest", {
      "books.list": () => ({
        items: [makeBookSummary("The Lantern Keeper"), makeBookSummary("Salt and Iron")],
        nextCursor: null,
        total: 2,
      }),
    });
    expect(screen.getByTestId("results-count").textContent).toBe("Finding books…");
    await waitFor(() => expect(titles()).toEqual(["The Lantern Keeper", "Salt and Iron"]));
    expect(screen.getByTestId("results-count").textContent).toBe("2 books found");
    const [query] = bookListQueries();
    expect(query?.get("genre")).toBe("fantasy");
    expect(query?.get("sort")).toBe("newest");
  });

  it("sorts anew when the reader picks another order, keeping it in the URL", async () => {
    const { router } = renderBrowse("/browse", {
      "books.list": () => ({ items: [makeBookSummary("Salt and Iron")], nextCursor: null, total: 1 }),
    });
    await screen.findByText("1 book found");
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "title" } });
    await waitFor(() => expect(bookListQueries().at(-1)?.get("sort")).toBe("title"));
    expect(router.state.location.search).toBe("?sort=title");
  });

  it("loads the next page below the first and stops when there is none", async () => {
    const pages: Record<string, { titles: string[]; nextCursor: string | null }> = {
      first: { titles: ["One", "Two"], nextCursor: "page-2" },
      "page-2": { titles: ["Three"], nextCursor: null },
    };
    renderBrowse("/browse", {
      "books.list": () => {
        const cursor = bookListQueries().at(-1)?.get("cursor") ?? "first";
        const page = pages[cursor] ?? { titles: [], nextCursor: null };
        return { items: page.titles.map((title) => makeBookSummary(title)), nextCursor: page.nextCursor, total: 3 };
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Load more" }));
    await waitFor(() => expect(titles()).toEqual(["One", "Two", "Three"]));
    expect(bookListQueries().at(-1)?.get("cursor")).toBe("page-2");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("says why the books could not be loaded, and shows them after a retry", async () => {
    let fail = true;
    const busy = "Too many requests. Try again in a minute.";
    renderBrowse("/browse", {
      "books.list": () =>
        fail
          ? apiError(429, "resource-exhausted", busy)
          : { items: [makeBookSummary("Salt and Iron")], nextCursor: null, total: 1 },
    });
    expect(await screen.findByText("Couldn't load books", { selector: "p.font-semibold" })).toBeTruthy();
    expect(screen.getByTestId("error-message").textContent).toBe(busy);
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(titles()).toEqual(["Salt and Iron"]));
  });

  it("offers to clear the filters when none of the books match, and lists them all again", async () => {
    const { router } = renderBrowse("/browse?genre=fantasy", {
      "books.list": () =>
        bookListQueries().at(-1)?.get("genre")
          ? { items: [], nextCursor: null, total: 0 }
          : { items: [makeBookSummary("Salt and Iron")], nextCursor: null, total: 1 },
    });
    const empty = within((await screen.findByText("No books match these filters")).parentElement as HTMLElement);
    fireEvent.click(empty.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(titles()).toEqual(["Salt and Iron"]));
    expect(router.state.location.search).toBe("");
  });
});
