import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { ScreenTitleProvider } from "../../../lib/screen-title";
import { apiError, mockApi } from "../../../test/api-mock";
import { AuthActionScreen } from "./auth-action-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const TOKEN = "tok_0123456789abcdef";

function renderAction(search: string) {
  const router = createMemoryRouter(
    [
      { path: "/auth/action", element: <AuthActionScreen /> },
      { path: "*", element: <p>elsewhere</p> },
    ],
    { initialEntries: [`/auth/action${search}`] },
  );
  render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <ScreenTitleProvider>
          <RouterProvider router={router} />
        </ScreenTitleProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

describe("AuthActionScreen", () => {
  it("verifies the email once, even with React's double effects, and leads to sign in", async () => {
    const calls = mockApi({ "POST /api/auth/verify-email": () => Response.json({ email: "ada@example.com" }) });
    renderAction(`?mode=verifyEmail&token=${TOKEN}`);
    expect(await screen.findByRole("heading", { name: "Your email is verified" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/auth/sign-in");
    expect(calls).toEqual([{ method: "POST", path: "/api/auth/verify-email", body: { token: TOKEN } }]);
  });

  it("shows why a verification link failed and offers a new one", async () => {
    const calls = mockApi({
      "POST /api/auth/verify-email": () => apiError(412, "failed-precondition", "This link is invalid or has expired."),
      "POST /api/auth/send-verification-email": () => new Response(null, { status: 202 }),
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
      "POST /api/auth/reset-password/check": () => Response.json({ email: "ada@example.com" }),
      "POST /api/auth/reset-password": () => new Response(null, { status: 204 }),
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

  it("keeps the placeholder for other modes", () => {
    const calls = mockApi({});
    renderAction("?mode=signIn&token=x&nonce=y");
    expect(screen.getByTestId("auth-placeholder")).toBeTruthy();
    expect(screen.getByText("signIn")).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
