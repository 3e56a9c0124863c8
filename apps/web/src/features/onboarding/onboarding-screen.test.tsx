import type { Me } from "@quire/core";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, Outlet, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, invalidBody, mockApi, signedIn } from "../../test/api-mock";
import { makeMe } from "../../test/fixtures";
import { renderRouter } from "../../test/render-router";
import { OnboardingGate } from "./onboarding-gate";
import { OnboardingScreen } from "./onboarding-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <OnboardingGate />
            <Outlet />
          </>
        ),
        children: [
          { path: "/auth/onboarding/:step", element: <OnboardingScreen /> },
          { path: "*", element: <Where /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  renderRouter(router);
}

const fresh = (overrides: Partial<Me> = {}) =>
  makeMe({ firstName: "", onboarding: { completedSteps: [], finished: false }, ...overrides });

describe("onboarding", () => {
  it("sends an unfinished user from any page to the first incomplete step, then back", async () => {
    mockApi({
      "auth.session": () => ({ user: fresh() }),
      "me.onboarding.first-name": () => ({
        user: fresh({ firstName: "Grace", onboarding: { completedSteps: ["first-name"], finished: false } }),
      }),
    });
    renderAt("/books/dune");
    expect(await screen.findByRole("heading", { name: "What should we call you?" })).toBeTruthy();
    expect(screen.getByText("Step 1 of 5")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Tell us your first name.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("First name"), { target: { value: "Grace" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { name: "Pick your username" })).toBeTruthy();
    expect(screen.getByText("Step 2 of 5")).toBeTruthy();
  });

  it("shows the server's message for a taken username under the field", async () => {
    mockApi({
      "auth.session": () => ({ user: fresh({ firstName: "Grace" }) }),
      "me.onboarding.username": () => apiError(409, "already-exists", "That username is taken. Try another one."),
    });
    renderAt("/auth/onboarding/username");
    fireEvent.change(await screen.findByLabelText("Username"), { target: { value: "grace" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    const field = screen.getByLabelText("Username");
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("That username is taken. Try another one.")).toBeTruthy();
  });

  it("needs the terms accepted, saying so in words for people beside the checkbox", async () => {
    const calls = mockApi({
      "auth.session": () => ({ user: fresh({ acceptedTerms: false }) }),
    });
    renderAt("/auth/onboarding/terms");
    fireEvent.click(await screen.findByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Please accept the terms to continue.")).toBeTruthy();
    const terms = screen.getByRole("checkbox", { name: "I accept the terms of use" });
    expect(terms.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(terms);
    expect(calls).toEqual([]);
  });

  it("checks a username with the contract's rule before sending it", async () => {
    const calls = mockApi({
      "auth.session": () => ({ user: fresh({ firstName: "Grace" }) }),
    });
    renderAt("/auth/onboarding/username");
    fireEvent.change(await screen.findByLabelText("Username"), { target: { value: "-grace hopper" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(
      screen.getByText("Use 3 to 40 lowercase letters, digits, dots or underscores, starting with a letter or digit."),
    ).toBeTruthy();
    expect(screen.getByLabelText("Username").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toEqual([]);
  });

  it("shows a 400 about the first name beside it, not as 'Invalid body'", async () => {
    mockApi({
      "auth.session": () => ({ user: fresh() }),
      "me.onboarding.first-name": () =>
        invalidBody("Invalid body: firstName: Too big: expected string to have <=100 characters", [
          { path: "firstName", message: "Too big", code: "too_big", origin: "string", maximum: 100 },
        ]),
    });
    renderAt("/auth/onboarding/first-name");
    fireEvent.change(await screen.findByLabelText("First name"), { target: { value: "Grace" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("First name can be up to 100 characters.")).toBeTruthy();
    expect(screen.queryByText(/Invalid body/)).toBeNull();
  });

  it("allows up to ten favourite genres, as the contract does", async () => {
    const calls = mockApi({
      "auth.session": () => ({
        user: fresh({ firstName: "Grace", onboarding: { completedSteps: ["username", "terms"], finished: false } }),
      }),
      "genres.list": () => ({
        items: Array.from({ length: 11 }, (_, i) => ({ id: `g${i}`, name: `g${i}`, displayName: `Genre ${i}` })),
      }),
    });
    renderAt("/auth/onboarding/genres");
    for (let i = 0; i < 11; i++) fireEvent.click(await screen.findByRole("button", { name: `Genre ${i}` }));
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Choose up to 10 genres.")).toBeTruthy();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("picks genres and people, then finishes on the page the user came from", async () => {
    const done = makeMe({ onboarding: { completedSteps: ["username", "terms", "genres", "follow"], finished: true } });
    const calls = mockApi({
      "auth.session": () => ({
        user: fresh({
          firstName: "Grace",
          onboarding: { completedSteps: ["username", "terms", "genres"], finished: false },
        }),
      }),
      "users.suggested": () => ({
        items: [{ ...makeMe({ id: "u-2", firstName: "Mara", lastName: "Okafor", username: "mara" }), author: null }],
      }),
      "me.onboarding.follow": () => ({ user: done }),
    });
    renderAt("/auth/onboarding/follow?next=%2Fbrowse");
    fireEvent.click(await screen.findByRole("button", { name: "Follow Mara Okafor" }));
    expect(screen.getByRole("button", { name: "Unfollow Mara Okafor" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Finish" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/browse"));
    expect(calls).toContainEqual({ method: "POST", path: "/api/v1/me/onboarding/follow", body: { userIds: ["u-2"] } });
  });

  it("never shows onboarding to a finished user", async () => {
    mockApi(signedIn);
    renderAt("/auth/onboarding/first-name");
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/"));
  });

  it("leaves visitors alone", async () => {
    mockApi({});
    renderAt("/books/dune");
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/books/dune"));
  });

  it("asks for the first name first in the native app, even when sign-in gave one", async () => {
    const named = fresh({ firstName: "Grace" });
    mockApi({ "auth.session": () => ({ user: named }) });
    renderAt("/library");
    expect(await screen.findByRole("heading", { name: "Pick your username" })).toBeTruthy();
    cleanup();

    vi.stubGlobal("Capacitor", { isNativePlatform: () => true, getPlatform: () => "android" });
    mockApi({ "auth.session": () => ({ user: named }) });
    renderAt("/library");
    expect(await screen.findByRole("heading", { name: "What should we call you?" })).toBeTruthy();
    expect(screen.getByText("Step 1 of 5")).toBeTruthy();
  });
});
