import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, mockApi, signedIn } from "../../../test/api-mock";
import { makeMe } from "../../../test/fixtures";
import { renderRouter } from "../../../test/render-router";
import { SettingsScreen } from "./settings-screen";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAccount() {
  const router = createMemoryRouter(
    [
      { path: "/settings", element: <SettingsScreen /> },
      { path: "*", element: <Where /> },
    ],
    { initialEntries: ["/settings"] },
  );
  renderRouter(router);
}

describe("SettingsScreen", () => {
  it("sends a signed-out visitor to sign in, returning here afterwards", async () => {
    mockApi({ "auth.session": () => ({ user: null }) });
    renderAccount();
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/auth/sign-in?next=%2Fsettings"));
  });

  it("shows the profile and puts a wrong current password under its field", async () => {
    mockApi({
      ...signedIn,
      "auth.changePassword": () => apiError(403, "permission-denied", "Invalid password!", "invalid_password"),
    });
    renderAccount();
    expect(await screen.findByRole("heading", { name: "Settings" })).toBeTruthy();
    expect(screen.getByTestId("account-email").textContent).toBe("ada@example.com");
    fireEvent.change(screen.getByLabelText("Current password"), { target: { value: "not it" } });
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "a new password" } });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    const current = screen.getByLabelText("Current password");
    await waitFor(() => expect(current.getAttribute("aria-invalid")).toBe("true"));
    const errorId = current.getAttribute("aria-describedby")?.split(" ")[0] ?? "";
    expect(document.getElementById(errorId)?.textContent).toBe("That is not your current password.");
    expect(document.activeElement).toBe(current);
    expect(screen.queryByTestId("form-alert")).toBeNull();
  });

  it("shows the invite link and the friends who joined through it, from /me", async () => {
    mockApi({ "auth.session": () => ({ user: makeMe({ username: "ada.reads", nReferredUsers: 3 }) }) });
    renderAccount();
    const card = await screen.findByRole("region", { name: "Invite friends" });
    expect((screen.getByLabelText("Your invite link") as HTMLInputElement).value).toBe(
      `${window.location.origin}/?ref=ada.reads`,
    );
    expect(card.querySelector("[data-testid=invite-count]")?.textContent).toBe("3 friends joined");
  });

  it("explains both password fields at once before sending anything", async () => {
    const calls = mockApi(signedIn);
    renderAccount();
    await screen.findByRole("heading", { name: "Settings" });
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "short" } });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    const current = screen.getByLabelText("Current password");
    const next = screen.getByLabelText("New password");
    expect(current.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(current.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Enter your current password.",
    );
    const nextError = next.getAttribute("aria-describedby")?.split(" ")[0] ?? "";
    expect(document.getElementById(nextError)?.textContent).toBe("Use at least 8 characters.");
    expect(next.getAttribute("maxlength")).toBe("128");
    expect(document.activeElement).toBe(current);
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("is signed out everywhere when the session has ended meanwhile", async () => {
    mockApi({
      ...signedIn,
      "auth.changePassword": () => apiError(401, "unauthenticated", "No user logged in."),
    });
    renderAccount();
    await screen.findByRole("heading", { name: "Settings" });
    fireEvent.change(screen.getByLabelText("Current password"), { target: { value: "whatever" } });
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "a new password" } });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/auth/sign-in?next=%2Fsettings"));
  });

  it("signs out to the home page, not to a sign-in prompt for this page", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockApi({
      ...signedIn,
      "auth.signOut": () => undefined,
    });
    renderAccount();
    await screen.findByRole("heading", { name: "Settings" });
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/"));
    // Whatever the sign-out leaves pending (the session refetch, timers) runs now, and must not move the page.
    await act(() => vi.runAllTimersAsync());
    expect(screen.getByTestId("where").textContent).toBe("/");
    expect(calls.filter((call) => call.path === "/api/auth/sign-out")).toHaveLength(1);
  });

  it("saves the tracking consent and links to the profile editor", async () => {
    const calls = mockApi({
      "auth.session": () => ({ user: makeMe({ acceptedTracking: false }) }),
      "me.update": () => ({ user: makeMe({ acceptedTracking: true }) }),
    });
    renderAccount();
    const consent = (await screen.findByLabelText("Help improve Quire with usage statistics")) as HTMLInputElement;
    expect(consent.checked).toBe(false);
    fireEvent.click(consent);
    await waitFor(() =>
      expect(calls).toContainEqual({ method: "PATCH", path: "/api/v1/me", body: { acceptedTracking: true } }),
    );
    await waitFor(() => expect(consent.checked).toBe(true));
    expect(screen.getByTestId("edit-profile-link").getAttribute("href")).toBe("/settings/profile");
    expect(screen.getByRole("radio", { name: "System" })).toBeTruthy();
  });

  it("switches reading activity off for others, showing the switch's pending value and a failure", async () => {
    let answer = () => Response.json({ user: makeMe({ readingActivityPublic: false }) });
    const calls = mockApi({
      ...signedIn,
      "me.update": () => answer(),
    });
    renderAccount();
    const sharing = (await screen.findByRole("switch", {
      name: "Show my reading activity on my profile and in followers' feeds",
    })) as HTMLInputElement;
    expect(sharing.checked).toBe(true);
    fireEvent.click(sharing);
    await waitFor(() =>
      expect(calls).toContainEqual({ method: "PATCH", path: "/api/v1/me", body: { readingActivityPublic: false } }),
    );
    await waitFor(() => expect(sharing.checked).toBe(false));
    expect(sharing.getAttribute("aria-disabled")).toBe("false");

    answer = () => apiError(400, "invalid-argument", "Could not save that.");
    fireEvent.click(sharing);
    expect(await screen.findByText("Could not save that.")).toBeTruthy();
    expect(sharing.checked).toBe(false);
  });
});
