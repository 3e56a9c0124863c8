import { screen } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/api-mock";
import { renderRouter } from "../../../test/render-router";
import { BrowseScreen } from "./browse-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const emptyPage = { items: [], nextCursor: null, total: 0 };

function renderBrowse(url: string) {
  mockApi({
    "GET /api/v1/books": () => Response.json(emptyPage),
    "GET /api/v1/genres": () => Response.json({ items: [{ id: "fantasy", displayName: "Fantasy" }] }),
    "GET /api/v1/categories": () => Response.json({ items: [{ id: "staff-picks", name: "Staff picks" }] }),
  });
  const router = createMemoryRouter([{ path: "/browse", element: <BrowseScreen /> }], { initialEntries: [url] });
  renderRouter(router);
  return router;
}

describe("BrowseScreen", () => {
  it("offers no 'Clear filters' while no filter is active", async () => {
    renderBrowse("/browse");
    expect(await screen.findByText("No books yet")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();
  });

  it("offers 'Clear filters' once a filter is active", async () => {
    renderBrowse("/browse?genre=fantasy");
    expect(await screen.findByText("No books match these filters")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Clear filters" }).length).toBeGreaterThan(0);
  });

  it("drops an unknown genre or category from the URL and says so, instead of listing it as an option", async () => {
    const router = renderBrowse("/browse?genre=no-such-genre&category=staff-picks");
    expect(await screen.findByTestId("dropped-filters")).toHaveProperty(
      "textContent",
      "There is no genre “no-such-genre”, so that filter was removed.",
    );
    expect(router.state.location.search).toBe("?category=staff-picks");
    const genreSelect = screen.getByLabelText("Genre") as HTMLSelectElement;
    expect(Array.from(genreSelect.options).map((option) => option.value)).toEqual(["", "fantasy"]);
  });
});
