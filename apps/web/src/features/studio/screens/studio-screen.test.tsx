import { fireEvent, screen } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/api-mock";
import { makeMe } from "../../../test/fixtures";
import { renderRouter } from "../../../test/render-router";
import { makeStudioBook } from "../studio-fixtures";
import { StudioScreen } from "./studio-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderStudio() {
  const router = createMemoryRouter([{ path: "/studio", element: <StudioScreen /> }], { initialEntries: ["/studio"] });
  renderRouter(router);
}

describe("Studio", () => {
  it("offers a reader to become an author, then shows the empty studio", async () => {
    let roles: ("reader" | "author")[] = ["reader"];
    const calls = mockApi({
      "auth.session": () => ({ user: makeMe({ roles }) }),
      "studio.becomeAuthor": () => {
        roles = ["reader", "author"];
        return Response.json({ author: { id: "user-1", name: "Ada Lovelace", nReaders: 0 }, roles });
      },
      "studio.listBooks": () => ({ items: [] }),
    });
    renderStudio();
    fireEvent.click(await screen.findByRole("button", { name: "Become an author" }));
    expect(await screen.findByText("No books yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Start a new book" }).getAttribute("href")).toBe("/studio/books/new");
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain("POST /api/v1/studio/author");
  });

  it("lists an author's books with their state", async () => {
    mockApi({
      "auth.session": () => ({ user: makeMe({ roles: ["reader", "author"] }) }),
      "studio.listBooks": () => ({
        items: [
          {
            wordCount: 1234,
            book: makeStudioBook().book,
          },
        ],
      }),
    });
    renderStudio();
    expect((await screen.findByRole("link", { name: "Night Harbour" })).getAttribute("href")).toBe("/studio/books/b1");
    expect(screen.getByText("1,234 words")).toBeTruthy();
    expect(screen.getByText("Hidden")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Write “Night Harbour”" }).getAttribute("href")).toBe(
      "/studio/books/b1/chapters",
    );
  });
});
