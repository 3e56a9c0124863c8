import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { apiError, invalidBody, mockApi } from "../../../test/api-mock";
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
      "auth.providers": () => ({ providers: { google: true, apple: false }, appScheme: "quire" }),
      "auth.socialSignIn": () => ({ url: "https://accounts.google.com/auth", redirect: true }),
    });
    renderSignUp("/auth/sign-up?next=%2Fbrowse");
    fireEvent.click(await screen.findByRole("button", { name: "Continue with Google" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://accounts.google.com/auth"));
    expect(calls.at(-1)?.body).toEqual({ provider: "google", callbackURL: "/browse" });
    expect(screen.queryByRole("button", { name: "Continue with Apple" })).toBeNull();
  });

  it("shows every field's problem beside it at once, focuses the first, and sends nothing", () => {
    const calls = mockApi({});
    renderSignUp();
    fill("Last name", "L".repeat(101));
    fill("Email", "ada@");
    fill("Password", "short");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    const errorOf = (field: HTMLElement) => {
      expect(field.getAttribute("aria-invalid")).toBe("true");
      const errorId = field.getAttribute("aria-describedby")?.split(" ")[0] ?? "";
      return document.getElementById(errorId)?.textContent;
    };
    expect(errorOf(screen.getByLabelText("Last name"))).toBe("Last name can be up to 100 characters.");
    expect(errorOf(screen.getByLabelText("Email"))).toBe("Enter a valid email address, like name@example.com.");
    expect(errorOf(screen.getByLabelText("Password"))).toBe("Use at least 8 characters.");
    const terms = screen.getByRole("checkbox", { name: "I accept the terms of use" });
    expect(errorOf(terms)).toBe("Please accept the terms to continue.");
    expect(screen.getByLabelText("First name").getAttribute("aria-invalid")).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText("Last name"));
    expect(screen.getAllByTestId("field-error")).toHaveLength(4);
    expect(calls).toEqual([]);
  });

  it("takes the fields' limits from the contract", () => {
    mockApi({});
    renderSignUp();
    expect(screen.getByLabelText("First name").getAttribute("maxlength")).toBe("100");
    expect(screen.getByLabelText("Email").getAttribute("maxlength")).toBe("254");
    expect(screen.getByLabelText("Email").hasAttribute("required")).toBe(true);
    expect(screen.getByLabelText("Password").getAttribute("maxlength")).toBe("128");
    expect(screen.getByRole("checkbox", { name: "I accept the terms of use" }).hasAttribute("required")).toBe(true);
  });

  it("puts the server's refusal of the terms beside the checkbox, in words for people", async () => {
    mockApi({
      "auth.signUp": () => apiError(400, "invalid-argument", "acceptedTerms must be true"),
    });
    renderSignUp();
    fill("Email", "ada@example.com");
    fill("Password", "correct horse");
    fireEvent.click(screen.getByRole("checkbox", { name: "I accept the terms of use" }));
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    const terms = screen.getByRole("checkbox", { name: "I accept the terms of use" });
    await waitFor(() => expect(terms.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("Please accept the terms to continue.")).toBeTruthy();
    expect(screen.queryByText("acceptedTerms must be true")).toBeNull();
    expect(screen.queryByTestId("form-alert")).toBeNull();
    expect(document.activeElement).toBe(terms);
  });

  it("puts a 400's field issues beside their fields instead of the developer's message", async () => {
    mockApi({
      "auth.signUp": () =>
        invalidBody("Invalid body: lastName: Too big: expected string to have <=100 characters", [
          { path: "lastName", message: "Last name can be up to 100 characters." },
        ]),
    });
    renderSignUp();
    fill("Last name", "Lovelace");
    fill("Email", "ada@example.com");
    fill("Password", "correct horse");
    fireEvent.click(screen.getByRole("checkbox", { name: "I accept the terms of use" }));
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Last name can be up to 100 characters.")).toBeTruthy();
    expect(screen.getByLabelText("Last name").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText(/Invalid body/)).toBeNull();
  });

  it("sends the form and says to check the inbox, with a resend button", async () => {
    const calls = mockApi({
      "auth.signUp": () => Response.json({ status: "verification-sent", email: "ada@example.com" }, { status: 201 }),
      "auth.resendVerification": () => new Response(null, { status: 202 }),
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
