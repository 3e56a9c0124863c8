import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DataExportCard } from "./data-export-card";

describe("the data export in settings", () => {
  it("downloads the export route and says what the zip holds", () => {
    render(<DataExportCard />);
    const link = screen.getByRole("link", { name: "Download your data" });
    expect(link.getAttribute("href")).toBe("/api/v1/me/export");
    expect(link.hasAttribute("download")).toBe(true);
    expect(screen.getByText(/reading lists, progress, stars, follows, highlights and notes/)).toBeTruthy();
  });
});
