import { screen } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/api-mock";
import { renderRouter } from "../../test/render-router";
import { SignUpScreen } from "../auth/screens/sign-up-screen";
import { PrivacyScreen, TermsScreen } from "./screens/legal-screen";

afterEach(() => vi.unstubAllGlobals());

const renderAt = (entry: string) =>
  renderRouter(
    createMemoryRouter(
      [
        { path: "/auth/sign-up", element: <SignUpScreen /> },
        { path: "/terms", element: <TermsScreen /> },
        { path: "/privacy", element: <PrivacyScreen /> },
      ],
      { initialEntries: [entry] },
    ),
  );

describe("terms and privacy", () => {
  it("the sign-up terms box links to /terms and /privacy; ?beta=1 ticks the beta box", async () => {
    mockApi({});
    renderAt("/auth/sign-up?beta=1");
    const beta = await screen.findByRole("checkbox", { name: "Sign me up for the beta" });
    expect((beta as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("link", { name: "terms of use" }).getAttribute("href")).toBe("/terms");
    expect(screen.getByRole("link", { name: "privacy notice" }).getAttribute("href")).toBe("/privacy");
  });

  it("leaves the beta box unticked otherwise", async () => {
    mockApi({});
    renderAt("/auth/sign-up");
    const beta = await screen.findByRole("checkbox", { name: "Sign me up for the beta" });
    expect((beta as HTMLInputElement).checked).toBe(false);
  });

  it("renders the Markdown pages as headings and lists", async () => {
    renderAt("/privacy");
    expect(screen.getByRole("heading", { level: 1, name: "Privacy" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "What Quire stores" })).toBeTruthy();
    expect(screen.getByText(/the IP\s+address itself is never stored/)).toBeTruthy();
  });
});
