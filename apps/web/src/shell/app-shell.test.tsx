import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, signedIn } from "../test/api-mock";
import { makeMe } from "../test/fixtures";
import { renderRouter } from "../test/render-router";
import { AppShell } from "./app-shell";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderShell(entry = "/books/x") {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        Component: AppShell,
        children: [
          { path: "*", element: <p>page</p> },
          { index: true, element: <p>home</p> },
        ],
      },
    ],
    { initialEntries: [entry] },
  );
  renderRouter(router);
  return router;
}

describe("AppShell", () => {
  it("offers Sign in to visitors, returning to the current page", async () => {
    mockApi({});
    renderShell("/books/x");
    expect((await screen.findByTestId("header-sign-in")).getAttribute("href")).toBe("/auth/sign-in?next=%2Fbooks%2Fx");
    const bottom = screen.getByTestId("bottom-nav");
    expect(within(bottom).getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe(
      "/auth/sign-in?next=%2Fbooks%2Fx",
    );
  });

  it("shows the account menu and the Account tab when signed in, and signs out to /", async () => {
    const calls = mockApi({
      ...signedIn,
      "auth.signOut": () => new Response(null, { status: 204 }),
    });
    const router = renderShell("/books/x");
    const menuButton = await screen.findByRole("button", { name: /Ada Lovelace.*account menu/ });
    const bottom = screen.getByTestId("bottom-nav");
    expect(within(bottom).getByRole("link", { name: "Account" }).getAttribute("href")).toBe("/settings");

    fireEvent.click(menuButton);
    expect(menuButton.getAttribute("aria-expanded")).toBe("true");
    const menu = screen.getByTestId("account-menu");
    expect(within(menu).getByRole("link", { name: "Account settings" }).getAttribute("href")).toBe("/settings");
    expect(within(menu).queryByRole("link", { name: "Analytics" })).toBeNull();
    fireEvent.click(within(menu).getByRole("button", { name: "Sign out" }));

    await waitFor(() => expect(screen.getByTestId("header-sign-in")).toBeTruthy());
    expect(router.state.location.pathname).toBe("/");
    expect(calls.some((call) => call.method === "POST" && call.path === "/api/auth/sign-out")).toBe(true);
  });

  it("links administrators to the analytics dashboard from the account menu", async () => {
    mockApi({ "auth.session": () => ({ user: makeMe({ roles: ["reader", "admin"] }) }) });
    renderShell("/books/x");
    fireEvent.click(await screen.findByRole("button", { name: /Ada Lovelace.*account menu/ }));
    const menu = screen.getByTestId("account-menu");
    expect(within(menu).getByRole("link", { name: "Analytics" }).getAttribute("href")).toBe("/admin/analytics");
  });

  it("falls back to Sign in when the remembered session has ended", async () => {
    mockApi({ "auth.session": () => ({ user: null }) });
    renderShell("/");
    await waitFor(() => expect(screen.getByTestId("header-sign-in").getAttribute("href")).toBe("/auth/sign-in"));
  });
});
