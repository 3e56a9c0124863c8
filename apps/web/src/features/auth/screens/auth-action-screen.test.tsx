import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { ScreenTitleProvider } from "../../../lib/screen-title";
import { SESSION_QUERY_KEY } from "../../../lib/session-state";
import { apiError, mockApi } from "../../../test/api-mock";
import { makeMe } from "../../../test/fixtures";
import { AuthActionScreen } from "./auth-action-screen";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, "visibilityState");
});

const TOKEN = "tok_0123456789abcdef";

function Landing() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

function renderAction(search: string) {
  const client = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: "/auth/action", element: <AuthActionScreen /> },
      { path: "*", element: <Landing /> },
    ],
    { initialEntries: [`/auth/action${search}`] },
  );
  render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <ScreenTitleProvider>
          <RouterProvider router={router} />
        </ScreenTitleProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  return { client };
}

describe("AuthActionScreen", () => {
  it("verifies the email once, even with React's double effects, and leads to sign in", async () => {
    const calls = mockApi({ "auth.verifyEmail": () => ({ email: "ada@example.com" }) });
    renderAction(`?mode=verifyEmail&token=${TOKEN}`);
    expect(await screen.findByRole("heading", { name: "Your email is verified" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/auth/sign-in");
    expect(calls).toEqual([{ method: "POST", path: "/api/auth/verify-email", body: { token: TOKEN } }]);
  });

  it("shows why a verification link failed and offers a new one", async () => {
    const calls = mockApi({
      "auth.verifyEmail": () => apiError(412, "failed-precondition", "This link is invalid or has expired."),
      "auth.resendVerification": () => new Response(null, { status: 202 }),
    });
    renderAction(`?mode=verifyEmail&token=${TOKEN}`);
    expect(await screen.findByRole("heading", { name: "We couldn't verify your email" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("This link is invalid or has expired.");
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ada@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Resend verification email" }));
    await waitFor(() => expect(screen.getByTestId("resend-status").textContent).toContain("ada@example.com"));
    expect(calls.at(-1)?.body).toEqual({ email: "ada@example.com" });
  });

  it("checks a reset link, takes a new password, and confirms", async () => {
    const calls = mockApi({
      "auth.checkPasswordReset": () => ({ email: "ada@example.com" }),
      "auth.resetPassword": () => undefined,
    });
    renderAction(`?mode=resetPassword&token=${TOKEN}`);
    expect(await screen.findByRole("heading", { name: "Choose a new password" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "short" } });
    fireEvent.click(screen.getByRole("button", { name: "Save new password" }));
    expect(screen.getByText("Use at least 8 characters.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "a much longer one" } });
    fireEvent.click(screen.getByRole("button", { name: "Save new password" }));
    expect(await screen.findByRole("heading", { name: "Your password has been changed" })).toBeTruthy();
    expect(calls.at(-1)).toEqual({
      method: "POST",
      path: "/api/auth/reset-password",
      body: { token: TOKEN, password: "a much longer one" },
    });
  });

  it("says a link with an unknown mode does not work", () => {
    const calls = mockApi({});
    renderAction("?mode=signIn&token=x&nonce=y");
    expect(screen.getByRole("heading", { name: "This link doesn't work" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("This link is invalid or has expired.");
    expect(calls).toEqual([]);
  });
});

describe("AuthActionScreen, mode=socialSignIn", () => {
  const NONCE = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
  const SEARCH = `?mode=socialSignIn&token=${TOKEN}&nonce=${NONCE}&next=%2Fbrowse`;
  const APP_LINK = `quire://auth/action?mode=socialSignIn&token=${TOKEN}&nonce=${NONCE}&next=%2Fbrowse`;
  const exchangeCalls = (calls: ReturnType<typeof mockApi>) =>
    calls.filter((call) => call.path === "/api/auth/social/exchange");

  const api = (exchange: () => Response = () => Response.json({ user: makeMe(), token: "session-token" })) =>
    mockApi({
      "auth.providers": () => ({ providers: { google: true, apple: true }, appScheme: "quire" }),
      "auth.socialExchange": exchange,
    });

  const hidePage = () => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  };

  it("opens the app's custom link first, then signs in here after 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const calls = api();
    const { client } = renderAction(SEARCH);

    await waitFor(() => expect(assign).toHaveBeenCalledWith(APP_LINK));
    expect(assign).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(exchangeCalls(calls)).toEqual([]);
    expect(screen.queryByTestId("landed")).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(screen.getByTestId("landed").textContent).toBe("/browse"));
    expect(exchangeCalls(calls)).toEqual([
      { method: "POST", path: "/api/auth/social/exchange", body: { token: TOKEN, nonce: NONCE } },
    ]);
    expect(client.getQueryData(SESSION_QUERY_KEY)).toMatchObject({ email: "ada@example.com" });
  });

  it("leaves the token to the app when the app comes to the front", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const calls = api();
    renderAction(SEARCH);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(APP_LINK));

    act(() => hidePage());
    expect(await screen.findByRole("heading", { name: "Continue in the Quire app" })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(exchangeCalls(calls)).toEqual([]);

    Reflect.deleteProperty(document, "visibilityState");
    fireEvent.click(screen.getByRole("button", { name: "Continue in this browser instead" }));
    await waitFor(() => expect(screen.getByTestId("landed").textContent).toBe("/browse"));
    expect(exchangeCalls(calls)).toHaveLength(1);
  });

  it("signs in straight away inside the native app", async () => {
    vi.stubGlobal("Capacitor", { isNativePlatform: () => true });
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const calls = api();
    renderAction(SEARCH);
    await waitFor(() => expect(screen.getByTestId("landed").textContent).toBe("/browse"));
    expect(assign).not.toHaveBeenCalled();
    expect(exchangeCalls(calls)).toHaveLength(1);
  });

  it("says why a spent or expired hand-off failed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(window.location, "assign").mockImplementation(() => {});
    api(() => apiError(412, "failed-precondition", "This link is invalid or has expired."));
    renderAction(SEARCH);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByRole("heading", { name: "We couldn't sign you in" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("This link is invalid or has expired.");
    expect(screen.getByRole("link", { name: "Sign in again" }).getAttribute("href")).toBe("/auth/sign-in");
  });

  it("never leaves the site, whatever next says", async () => {
    vi.stubGlobal("Capacitor", { isNativePlatform: () => true });
    api();
    renderAction(`?mode=socialSignIn&token=${TOKEN}&nonce=${NONCE}&next=%2F%2Fevil.example`);
    await waitFor(() => expect(screen.getByTestId("landed").textContent).toBe("/"));
  });
});
