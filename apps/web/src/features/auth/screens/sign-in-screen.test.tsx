import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { SESSION_QUERY_KEY } from "../../../lib/session-state";
import { apiError, mockApi } from "../../../test/api-mock";
import { makeMe } from "../../../test/fixtures";
import { SignInScreen } from "./sign-in-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

const VERIFICATION_PENDING = "Your email is not verified. Please check your email for the verification link!";

function Landing() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

function renderSignIn(entry = "/auth/sign-in") {
  const client = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: "/auth/sign-in", element: <SignInScreen /> },
      { path: "*", element: <Landing /> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router };
}

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("SignInScreen", () => {
  it("explains an unverified email and offers to resend the verification email", async () => {
    const calls = mockApi({
      "auth.signIn": () => apiError(412, "failed-precondition", VERIFICATION_PENDING, "auth/user-verification-pending"),
      "auth.resendVerification": () => new Response(null, { status: 202 }),
    });
    renderSignIn();
    fillAndSubmit(" ada@example.com ", "correct horse");

    const alert = await screen.findByTestId("verification-pending");
    expect(within(alert).getByRole("alert").textContent).toBe(VERIFICATION_PENDING);
    expect(calls[0]).toEqual({
      method: "POST",
      path: "/api/auth/sign-in/email",
      body: { email: "ada@example.com", password: "correct horse" },
    });

    fireEvent.click(within(alert).getByRole("button", { name: "Resend verification email" }));
    await waitFor(() =>
      expect(screen.getByTestId("resend-status").textContent).toBe(
        "We sent a new verification link to ada@example.com.",
      ),
    );
    expect(calls.at(-1)).toEqual({
      method: "POST",
      path: "/api/auth/send-verification-email",
      body: { email: "ada@example.com" },
    });
  });

  it("shows wrong credentials as the server words them, without a resend action", async () => {
    mockApi({
      "auth.signIn": () => apiError(401, "unauthenticated", "Wrong email or password."),
    });
    renderSignIn();
    fillAndSubmit("ada@example.com", "nope");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Wrong email or password.");
    expect(screen.queryByRole("button", { name: "Resend verification email" })).toBeNull();
  });

  it("explains empty fields beside them before calling the API", async () => {
    const calls = mockApi({});
    renderSignIn();
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const email = screen.getByLabelText("Email");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    const describedBy = email.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(describedBy.split(" ")[0] ?? "")?.textContent).toBe("Enter your email address.");
    expect(document.activeElement).toBe(email);
    const password = screen.getByLabelText("Password");
    expect(password.getAttribute("aria-invalid")).toBe("true");
    const passwordError = password.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(passwordError)?.textContent).toBe("Enter your password.");
    expect(calls).toEqual([]);
  });

  it("signs in, remembers the user, and continues to a same-site next", async () => {
    mockApi({ "auth.signIn": () => ({ user: makeMe() }) });
    const { client } = renderSignIn("/auth/sign-in?next=%2Fbooks%2Fthe-salt-lantern");
    fillAndSubmit("ada@example.com", "correct horse");
    await waitFor(() => expect(screen.getByTestId("landed").textContent).toBe("/books/the-salt-lantern"));
    expect(client.getQueryData(SESSION_QUERY_KEY)).toMatchObject({ email: "ada@example.com" });
  });

  it("explains why a Google or Apple sign-in came back without signing in", async () => {
    mockApi({});
    renderSignIn("/auth/sign-in?error=socialEmailUnverified");
    expect((await screen.findByTestId("social-sign-in-error")).textContent).toBe(
      "An account with this email already exists. Sign in with your email and password.",
    );
  });

  it("words an unknown social sign-in error as the generic failure", async () => {
    mockApi({});
    renderSignIn("/auth/sign-in?error=constructor");
    expect((await screen.findByTestId("social-sign-in-error")).textContent).toBe(
      "Signing in with Google or Apple failed. Please try again.",
    );
  });

  it("offers Google and Apple, returning to the same next", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const calls = mockApi({
      "auth.providers": () => ({ providers: { google: true, apple: true }, appScheme: "quire" }),
      "auth.socialSignIn": () => ({ url: "https://appleid.apple.com/auth", redirect: true }),
    });
    renderSignIn("/auth/sign-in?next=%2Fbooks%2Fthe-salt-lantern");
    fireEvent.click(await screen.findByRole("button", { name: "Continue with Apple" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://appleid.apple.com/auth"));
    expect(calls.at(-1)?.body).toEqual({ provider: "apple", callbackURL: "/books/the-salt-lantern" });
  });

  it("ignores a next that leaves the site", async () => {
    mockApi({ "auth.signIn": () => ({ user: makeMe() }) });
    renderSignIn("/auth/sign-in?next=%2F%2Fevil.com");
    fillAndSubmit("ada@example.com", "correct horse");
    await waitFor(() => expect(screen.getByTestId("landed").textContent).toBe("/"));
  });
});
