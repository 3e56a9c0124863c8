import type { StudioChapter } from "@quire/core";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ChapterEditor } from "./chapter-editor";

const chapter: StudioChapter = {
  anchorId: "chapter-1",
  name: "Sparks",
  chapterNumber: 1,
  wordCount: 3,
  updatedAt: "2026-01-01T00:00:00.000Z",
  markdown: "It began.",
  html: "<h2>Sparks</h2>\n<p>It began.</p>",
};

describe("ChapterEditor", () => {
  it("previews the Markdown as readers will see it, with a live word count", async () => {
    render(<ChapterEditor chapter={chapter} save={vi.fn(async () => {})} delayMs={10_000} />);
    expect(screen.getByTestId("word-count").textContent).toBe("3 words");
    fireEvent.change(screen.getByLabelText("Text (Markdown)"), {
      target: { value: "It *began* with a spark.\n\n<script>alert(1)</script>" },
    });
    await waitFor(() => expect(screen.getByTestId("word-count").textContent).toBe("7 words"));
    const preview = screen.getByTestId("chapter-preview");
    expect(preview.querySelector("h2")?.textContent).toBe("Sparks");
    expect(preview.querySelector("em")?.textContent).toBe("began");
    expect(preview.querySelector("script")).toBeNull();
    expect(preview.textContent).toContain("<script>alert(1)</script>");
    expect(screen.getByTestId("save-status").textContent).toBe("Unsaved changes");
  });

  it("saves name and text a moment after typing stops, then says Saved", async () => {
    const save = vi.fn(async () => {});
    render(<ChapterEditor chapter={chapter} save={save} delayMs={20} />);
    fireEvent.change(screen.getByLabelText("Chapter name"), { target: { value: "Embers" } });
    fireEvent.change(screen.getByLabelText("Text (Markdown)"), { target: { value: "Ash." } });
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({ name: "Embers", markdown: "Ash." });
    await waitFor(() => expect(screen.getByTestId("save-status").textContent).toBe("Saved"));
  });

  it("shows why a save failed and retries on request", async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error("boom")).mockResolvedValue(undefined);
    render(<ChapterEditor chapter={chapter} save={save} delayMs={5} />);
    fireEvent.change(screen.getByLabelText("Text (Markdown)"), { target: { value: "Changed." } });
    const retry = await screen.findByRole("button", { name: "Retry" });
    expect(screen.getByTestId("save-status").textContent).toContain(
      "Not saved: Something went wrong. Please try again.",
    );
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByTestId("save-status").textContent).toBe("Saved"));
    expect(save).toHaveBeenCalledTimes(2);
  });

  it("switches between writing and preview on small screens, as tabs", () => {
    render(<ChapterEditor chapter={chapter} save={vi.fn(async () => {})} />);
    const preview = screen.getByRole("tab", { name: "preview" });
    expect(preview.getAttribute("aria-selected")).toBe("false");
    fireEvent.click(preview);
    expect(preview.getAttribute("aria-selected")).toBe("true");
  });
});
