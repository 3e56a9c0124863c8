import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { mockApi } from "../../test/api-mock";
import { makeMe } from "../../test/fixtures";
import { ReadButton } from "./read-button";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderButton(status: "launched" | "scheduled" = "launched") {
  const router = createMemoryRouter([{ path: "*", element: <ReadButton book={{ id: "book-1", status }} /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("the book page's read button", () => {
  it("starts a visitor at the reader, which opens the book at its beginning", async () => {
    mockApi({});
    renderButton();
    const link = await screen.findByRole("link", { name: "Start reading" });
    expect(link.getAttribute("href")).toBe("/read/book-1");
  });

  it("continues a signed-in reader's book where they are", async () => {
    mockApi({
      "GET /api/auth/get-session": () => Response.json({ user: makeMe() }),
      "GET /api/v1/books/book-1/progress": () =>
        Response.json({
          progress: {
            userId: "user-1",
            bookId: "book-1",
            progress: 40,
            currentChapter: "chapter-2",
            lastReadAt: "2027-01-01T00:00:00.000Z",
            isRead: false,
            epubPosition: { anchorId: "chapter-2", offset: 0.5 },
          },
          chapters: [],
        }),
    });
    renderButton();
    const link = await screen.findByRole("link", { name: "Continue reading" });
    expect(link.getAttribute("href")).toBe("/read/book-1");
    expect(screen.getByTestId("read-progress").textContent).toBe("40% read");
  });

  it("waits for a scheduled book's launch", () => {
    mockApi({});
    renderButton("scheduled");
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByTestId("read-button").textContent).toBe("Readable at launch");
  });
});
