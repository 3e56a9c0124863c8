import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { Byline } from "./byline";

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderByline(book: { authors: string[]; authorIds: string[] }) {
  const router = createMemoryRouter([
    { path: "/", element: <Byline book={book} /> },
    { path: "*", element: <Where /> },
  ]);
  render(<RouterProvider router={router} />);
}

const hrefs = () => screen.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")]);

describe("Byline", () => {
  it("links each community author to their profile by id, joined as people write them", () => {
    renderByline({ authors: ["Wren Fairbanks", "Jonah Whitcombe", "Ada Byron"], authorIds: ["wren", "jonah", "u 3"] });
    expect(screen.getByTestId("byline").textContent).toBe("Wren Fairbanks, Jonah Whitcombe & Ada Byron");
    expect(hrefs()).toEqual([
      ["Wren Fairbanks", "/users/wren"],
      ["Jonah Whitcombe", "/users/jonah"],
      ["Ada Byron", "/users/u%203"],
    ]);
  });

  it("sends a public-domain author, who has no account, to a search for their books", () => {
    renderByline({ authors: ["Mary Shelley", "Percy Shelley"], authorIds: [] });
    expect(screen.getByTestId("byline").textContent).toBe("Mary Shelley & Percy Shelley");
    expect(hrefs()).toEqual([
      ["Mary Shelley", "/search?q=Mary+Shelley&kind=books"],
      ["Percy Shelley", "/search?q=Percy+Shelley&kind=books"],
    ]);
  });

  it("says so when a book names no author, with nothing to follow", () => {
    renderByline({ authors: [], authorIds: [] });
    expect(screen.getByText("Unknown author")).toBeTruthy();
    expect(screen.queryAllByRole("link")).toEqual([]);
  });

  it("is a real link: focusable, and it leads to the profile", async () => {
    renderByline({ authors: ["Wren Fairbanks"], authorIds: ["wren"] });
    const link = screen.getByRole("link", { name: "Wren Fairbanks" });
    link.focus();
    expect(document.activeElement).toBe(link);
    fireEvent.click(link);
    expect((await screen.findByTestId("where")).textContent).toBe("/users/wren");
  });
});
