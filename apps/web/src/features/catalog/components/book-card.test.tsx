import type { BookSummary } from "@quire/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { makeBookSummary } from "../../../test/fixtures";
import { BookCard } from "./book-card";

const makeBook = (overrides: Partial<BookSummary> = {}) =>
  makeBookSummary("The Lantern Keeper", {
    authors: ["Mara Quill", "Ines Ashdown"],
    authorIds: ["u1", "u2"],
    summary: "A keeper of lights and the sea that keeps her.",
    ...overrides,
  });

function renderCard(book: BookSummary) {
  const router = createMemoryRouter([{ path: "/", element: <BookCard book={book} /> }]);
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("BookCard", () => {
  it("shows title, authors and badges, and links to the book page by its title", () => {
    renderCard(makeBook());
    const link = screen.getByRole("link", { name: "The Lantern Keeper" });
    expect(link.getAttribute("href")).toBe("/books/the-lantern-keeper");
    expect(screen.getByRole("heading", { level: 3, name: "The Lantern Keeper" })).toBeTruthy();
    expect(screen.getByTestId("byline").textContent).toBe("Mara Quill & Ines Ashdown");
    expect(screen.getByRole("link", { name: "Ines Ashdown" }).getAttribute("href")).toBe("/users/u2");
    expect(screen.getByText("Community original")).toBeTruthy();
    expect(screen.getByText("Launched")).toBeTruthy();
  });

  it("draws a fallback cover when there is no image, and says when a scheduled book launches", () => {
    renderCard(
      makeBook({
        id: "soon",
        title: "Soon",
        publishingLabel: null,
        source: "public-domain",
        status: "scheduled",
        launchedDate: "2027-03-12T12:00:00.000Z",
      }),
    );
    const card = screen.getByTestId("book-card");
    expect(within(card).getByTestId("fallback-cover")).toBeTruthy();
    expect(within(card).getByText("Public domain")).toBeTruthy();
    expect(within(card).getByText("Launches Mar 12, 2027")).toBeTruthy();
  });

  it("uses the cover image as decoration beside the printed title", () => {
    const { container } = renderCard(makeBook({ imageUrl: "/files/covers/lantern.svg" }));
    const image = container.querySelector("img");
    expect(image?.getAttribute("src")).toBe("/files/covers/lantern.svg");
    expect(image?.getAttribute("alt")).toBe("");
  });

  it("shows a raster cover's 268 px thumbnail, then the cover itself, then the cloth cover as each fails", () => {
    const { container } = renderCard(makeBook({ imageUrl: "/files/books/b/v1/a/cover.jpg" }));
    const image = () => container.querySelector("img");
    expect(image()?.getAttribute("src")).toBe("/files/books/b/v1/a/thumbs/cover_268x268.jpeg");
    fireEvent.error(image() as HTMLImageElement);
    expect(image()?.getAttribute("src")).toBe("/files/books/b/v1/a/cover.jpg");
    fireEvent.error(image() as HTMLImageElement);
    expect(image()).toBeNull();
    expect(screen.getByTestId("fallback-cover")).toBeTruthy();
  });
});
