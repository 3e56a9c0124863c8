import type { BookSearchMatch } from "@quire/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, mockApi } from "../../test/api-mock";
import { renderSaltLanternReader, saltLanternApi } from "../../test/reader-book";

afterEach(() => {
  vi.unstubAllGlobals();
});

const match = (overrides: Partial<BookSearchMatch>): BookSearchMatch => ({
  anchorId: "chapter-1",
  chapterName: "Prologue",
  offset: 11,
  snippet: "Prologue The lantern burned all night.",
  matchStart: 13,
  matchLength: 7,
  ...overrides,
});
const matches = [
  match({}),
  match({
    anchorId: "chapter-2",
    chapterName: "The Crossing",
    offset: 240,
    snippet: "…they hung the Lantern at the bow and…",
    matchStart: 15,
    matchLength: 7,
  }),
];

/** The reader's API; the search answers by its `q` (the mock sees paths only, so the URLs are kept here). */
function readerApi(search: (q: string) => Response) {
  const queries: string[] = [];
  mockApi({
    "auth.session": () => ({ user: null }),
    ...saltLanternApi,
    "books.search": () => search(queries.at(-1) ?? ""),
  });
  const answer = globalThis.fetch;
  vi.stubGlobal("fetch", (input: string, init?: RequestInit) => {
    const url = new URL(input, "http://quire.test");
    if (url.pathname.endsWith("/search")) queries.push(url.searchParams.get("q") ?? "");
    return answer(input, init);
  });
  return queries;
}

async function searchFor(text: string) {
  fireEvent.click(await screen.findByRole("button", { name: "Search in this book" }));
  const sheet = await screen.findByTestId("book-search");
  fireEvent.change(within(sheet).getByRole("searchbox", { name: "Words to find in this book" }), {
    target: { value: text },
  });
  fireEvent.click(within(sheet).getByRole("button", { name: "Search" }));
  return sheet;
}

describe("search in the book", () => {
  it("lists matches by chapter with the match bold, and goes to a match's place with its text", async () => {
    const queries = readerApi(() => Response.json({ items: matches, total: 2 }));
    const router = renderSaltLanternReader();
    const sheet = await searchFor("  lantern ");
    expect((await within(sheet).findByTestId("book-search-summary")).textContent).toBe("2 matches");
    expect(queries).toEqual(["lantern"]);
    const groups = within(sheet).getAllByRole("region");
    expect(groups.map((group) => group.getAttribute("aria-label"))).toEqual(["Prologue", "The Crossing"]);
    const later = within(groups[1] as HTMLElement).getByRole("button");
    expect(later.textContent).toBe("…they hung the Lantern at the bow and…");
    expect(later.querySelector("mark")?.textContent).toBe("Lantern");

    fireEvent.click(later);
    await waitFor(() => expect(router.state.location.pathname).toBe("/read/book-1/chapter-2"));
    expect(router.state.location.search).toBe("?at=240");
    expect(router.state.location.state).toEqual({ offset: 0, locator: { char: 240, text: "Lantern" } });
    await waitFor(() => expect(screen.getByTestId("book-search").hasAttribute("open")).toBe(false));

    // Open again: the same answer, the chosen match marked.
    fireEvent.click(screen.getByRole("button", { name: "Search in this book" }));
    const reopened = await screen.findByTestId("book-search");
    expect(within(reopened).getByRole("button", { current: "location" }).textContent).toContain("Lantern at the bow");
  });

  it("asks for two characters before searching, and says when nothing matches or how many are left out", async () => {
    const queries = readerApi((q) =>
      Response.json(q === "zebra" ? { items: [], total: 0 } : { items: matches, total: 1234 }),
    );
    renderSaltLanternReader();
    const sheet = await searchFor(" a ");
    expect(within(sheet).getByText("Type at least 2 characters to search.")).toBeTruthy();
    expect(queries).toEqual([]);

    fireEvent.change(within(sheet).getByRole("searchbox"), { target: { value: "zebra" } });
    fireEvent.click(within(sheet).getByRole("button", { name: "Search" }));
    expect((await within(sheet).findByTestId("book-search-summary")).textContent).toBe("No matches for “zebra”.");

    fireEvent.change(within(sheet).getByRole("searchbox"), { target: { value: "the" } });
    fireEvent.click(within(sheet).getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(within(sheet).getByTestId("book-search-summary").textContent).toBe(
        "1,234 matches; the first 2 are listed.",
      ),
    );
  });

  it("shows the server's refusal with a way to retry", async () => {
    readerApi(() => apiError(429, "resource-exhausted", "Too many requests, please slow down."));
    renderSaltLanternReader();
    const sheet = await searchFor("lantern");
    const alert = await within(sheet).findByTestId("error-state");
    expect(alert.textContent).toContain("Too many requests, please slow down.");
    expect(within(alert).getByRole("button", { name: /retry/i })).toBeTruthy();
  });
});
