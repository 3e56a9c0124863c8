import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { CONSENT_MESSAGE, ConsentBanner } from "./consent-banner";

describe("the consent banner", () => {
  it("is a labelled region with Allow, No thanks and a link to the privacy page, and takes no focus", () => {
    const onChoose = vi.fn();
    render(
      <MemoryRouter>
        <ConsentBanner onChoose={onChoose} />
      </MemoryRouter>,
    );
    const region = screen.getByRole("region", { name: "Usage statistics" });
    expect(region.textContent).toContain(CONSENT_MESSAGE);
    expect(region.contains(document.activeElement)).toBe(false);
    expect(screen.getByRole("link", { name: "Privacy" }).getAttribute("href")).toBe("/privacy");
    fireEvent.click(screen.getByRole("button", { name: "No thanks" }));
    fireEvent.click(screen.getByRole("button", { name: "Allow" }));
    expect(onChoose.mock.calls).toEqual([[false], [true]]);
  });

  it("keeps room under the page for itself while it shows, and gives it back when it goes", () => {
    const root = document.documentElement.style;
    const { unmount } = render(
      <MemoryRouter>
        <ConsentBanner onChoose={vi.fn()} />
      </MemoryRouter>,
    );
    expect(root.getPropertyValue("--q-overlay-space")).toMatch(/^\d+px$/);
    unmount();
    expect(root.getPropertyValue("--q-overlay-space")).toBe("");
  });
});
