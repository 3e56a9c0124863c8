import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { mockApi } from "../../../test/api-mock";
import { SignUpScreen } from "./sign-up-screen";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSignUp(entry = "/auth/sign-up") {
  const router = createMemoryRouter([{ path: "/auth/sign-up", element: <SignUpScreen /> }], {
    initialEntries: [entry],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("SignUpScreen", () => {
  it("offers signing up with Google, returning to the same next", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const calls = mockApi({
      "GET /api/auth/providers": () => Response.json({ providers: { google: true, apple: false }, appScheme: "quire" }),
      "POST /api/auth/sign-in/social": () => Response.json({ url: "https://accounts.google.com/auth", redirect: true }),
    });
    renderSignUp("/auth/sign-up?next=%2Fbrowse");
    fireEvent.click(await screen.findByRole("button", { name: "Continue with Google" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://accounts.google.com/auth"));
    expect(calls.at(-1)?.body).toEqual({ provider: "google", callbackURL: "/browse" });
    expect(screen.queryByRole("button", { name: "Continue with Apple" })).toBeNull();
  });

  it("requires the terms with SPEC §5's message, tied to the checkbox", () => {
    const calls = mockApi({});
    renderSignUp();
    fill("Email", "ada@example.com");
    fill("Password", "correct horse");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    const terms = screen.getByRole("checkbox", { name: "I accept the terms of use" });
    expect(terms.getAttribute("aria-invalid")).toBe("true");
    const errorId = terms.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(errorId)?.textContent).toBe("acceptedTerms must be true");
    expect(document.activeElement).toBe(terms);
    expect(calls).toEqual([]);
  });

  it("asks for 8 characters or more", () => {
    mockApi({});
    renderSignUp();
    fill("Email", "ada@example.com");
    fill("Password", "short");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(screen.getByText("Use at least 8 characters.")).toBeTruthy();
  });

  it("sends the form and says to check the inbox, with a resend button", async () => {
    const calls = mockApi({
      "POST /api/auth/sign-up/email": () =>
        Response.json({ status: "verification-sent", email: "ada@example.com" }, { status: 201 }),
      "POST /api/auth/send-verification-email": () => new Response(null, { status: 202 }),
    });
    renderSignUp();
    fill("First name", " Ada ");
    fill("Last name", "Lovelace");
    fill("Email", "ada@example.com");
    fill("Password", "correct horse");
    fireEvent.click(screen.getByRole("checkbox", { name: "I accept the terms of use" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Sign me up for the beta" }));
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));

    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toBeTruthy();
    expect(screen.getByText("ada@example.com")).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      password: "correct horse",
      acceptedTerms: true,
      acceptedTracking: false,
      signUpForBeta: true,
    });
    expect(screen.queryByTestId("resend-status")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Resend the email" }));
    await waitFor(() => expect(screen.getByTestId("resend-status")).toBeTruthy());
    expect(calls.at(-1)?.path).toBe("/api/auth/send-verification-email");
  });
});
