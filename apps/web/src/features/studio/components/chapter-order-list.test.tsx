import type { StudioChapterSummary } from "@quire/core";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ChapterOrderList } from "./chapter-order-list";

const chapter = (n: number, name: string): StudioChapterSummary => ({
  anchorId: `chapter-${n}`,
  name,
  chapterNumber: n,
  wordCount: n * 100,
  updatedAt: "2026-01-01T00:00:00.000Z",
});

function Harness({ onReorder }: { onReorder: (order: string[]) => void }) {
  const [chapters, setChapters] = useState([chapter(1, "Dawn"), chapter(2, "Noon"), chapter(3, "Dusk")]);
  return (
    <ChapterOrderList
      bookId="b1"
      chapters={chapters}
      onReorder={(order) => {
        onReorder(order);
        setChapters(
          order.map((anchor, index) => ({
            ...(chapters.find((c) => c.anchorId === anchor) as StudioChapterSummary),
            chapterNumber: index + 1,
          })),
        );
      }}
    />
  );
}

function renderList(onReorder = vi.fn()) {
  const router = createMemoryRouter([{ path: "*", element: <Harness onReorder={onReorder} /> }]);
  render(<RouterProvider router={router} />);
  return onReorder;
}

describe("ChapterOrderList", () => {
  it("links every chapter to its editor and disables moves past either end", () => {
    renderList();
    expect(screen.getByRole("link", { name: /1\. Dawn/ }).getAttribute("href")).toBe(
      "/studio/books/b1/chapters/chapter-1",
    );
    expect((screen.getByRole("button", { name: "Move “Dawn” up" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Move “Dusk” down" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("moves a chapter with its buttons, keeps the keyboard on it and says where it went", async () => {
    const onReorder = renderList();
    const down = screen.getByRole("button", { name: "Move “Dawn” down" });
    down.focus();
    fireEvent.click(down);
    expect(onReorder).toHaveBeenLastCalledWith(["chapter-2", "chapter-1", "chapter-3"]);
    expect(screen.getByRole("status").textContent).toBe("Moved “Dawn” to position 2 of 3.");
    expect(screen.getAllByRole("link").map((link) => link.textContent)).toEqual([
      expect.stringContaining("Noon"),
      expect.stringContaining("Dawn"),
      expect.stringContaining("Dusk"),
    ]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move “Dawn” down" })));
    fireEvent.click(screen.getByRole("button", { name: "Move “Dawn” down" }));
    expect(onReorder).toHaveBeenLastCalledWith(["chapter-2", "chapter-3", "chapter-1"]);
    // At the bottom, focus goes to the button that can still move it.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Move “Dawn” up" })));
  });
});
