import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AnnotationsExportSection } from "./annotations-export-section";

describe("the highlights and notes export in settings", () => {
  it("offers both formats as downloads of the export route", () => {
    render(<AnnotationsExportSection />);
    const markdown = screen.getByRole("link", { name: "Download as Markdown" });
    const json = screen.getByRole("link", { name: "Download as JSON" });
    expect(markdown.getAttribute("href")).toBe("/api/v1/me/annotations/export?format=markdown");
    expect(json.getAttribute("href")).toBe("/api/v1/me/annotations/export?format=json");
    expect(markdown.hasAttribute("download")).toBe(true);
    expect(json.hasAttribute("download")).toBe(true);
  });
});
