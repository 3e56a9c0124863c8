import { screen } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/api-mock";
import { makeMe } from "../../../test/fixtures";
import { renderRouter } from "../../../test/render-router";
import { RequireSession } from "./require-session";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderGuarded() {
  const router = createMemoryRouter(
    [
      { path: "/private", element: <RequireSession>{(user) => <p>Hello {user.firstName}</p>}</RequireSession> },
      { path: "/auth/sign-in", element: <p>Sign-in screen</p> },
    ],
    { initialEntries: ["/private"] },
  );
  renderRouter(router);
  return router;
}

describe("RequireSession", () => {
  it("shows its content to the signed-in user", async () => {
    mockApi({ "auth.session": () => ({ user: makeMe({ firstName: "Ada" }) }) });
    renderGuarded();
    expect(await screen.findByText("Hello Ada")).toBeTruthy();
  });

  it("sends a visitor to sign in, with the way back", async () => {
    mockApi({ "auth.session": () => ({ user: null }) });
    const router = renderGuarded();
    expect(await screen.findByText("Sign-in screen")).toBeTruthy();
    expect(router.state.location.search).toBe("?next=%2Fprivate");
  });

  it("says 'Error fetching user data' (SPEC §8's fallback) when the session cannot be read", async () => {
    mockApi({
      "auth.session": () =>
        Response.json({ error: { code: "internal", message: "Something went wrong." } }, { status: 500 }),
    });
    renderGuarded();
    expect(await screen.findByText("Error fetching user data", {}, { timeout: 5000 })).toBeTruthy();
  });
});
