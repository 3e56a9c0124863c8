import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { apiError, mockApi } from "../../../test/api-mock";
import { SocialSignInButtons } from "./social-sign-in-buttons";

afterEach(() => {
  vi.unstubAllGlobals();
});

const PROVIDER_URL = "https://accounts.google.com/o/oauth2/v2/auth?client_id=quire&state=s";

const providers = (google: boolean, apple: boolean) => () =>
  Response.json({ providers: { google, apple }, appScheme: "quire" });

function renderButtons(returnTo = "/") {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <SocialSignInButtons returnTo={returnTo} />
    </QueryClientProvider>,
  );
  return { client };
}

describe("SocialSignInButtons", () => {
  it("sends the browser to the provider, asking to come back to the return path", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const calls = mockApi({
      "auth.providers": providers(true, true),
      "auth.socialSignIn": () => ({ url: PROVIDER_URL, redirect: true }),
    });
    renderButtons("/books/the-salt-lantern");

    const google = await screen.findByRole("button", { name: "Continue with Google" });
    expect(screen.getByRole("button", { name: "Continue with Apple" })).toBeTruthy();
    expect(screen.getByText("By continuing you accept the terms of use.")).toBeTruthy();
    fireEvent.click(google);

    await waitFor(() => expect(assign).toHaveBeenCalledWith(PROVIDER_URL));
    expect(calls.at(-1)).toEqual({
      method: "POST",
      path: "/api/auth/sign-in/social",
      body: { provider: "google", callbackURL: "/books/the-salt-lantern" },
    });
    // While the page leaves, another press starts nothing.
    expect(google.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Continue with Apple" }));
    expect(calls.filter((call) => call.path === "/api/auth/sign-in/social")).toHaveLength(1);
  });

  it("shows only the providers the server has turned on", async () => {
    mockApi({ "auth.providers": providers(false, true) });
    renderButtons();
    expect(await screen.findByRole("button", { name: "Continue with Apple" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Continue with Google" })).toBeNull();
  });

  it("shows nothing when no provider is configured", async () => {
    mockApi({ "auth.providers": providers(false, false) });
    const { client } = renderButtons();
    await waitFor(() => expect(client.getQueryState(["auth", "providers"])?.status).toBe("success"));
    expect(screen.queryByTestId("social-sign-in")).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("explains a provider that cannot start", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    mockApi({
      "auth.providers": providers(true, false),
      "auth.socialSignIn": () =>
        apiError(412, "failed-precondition", "Google sign-in is not configured on this server."),
    });
    renderButtons();
    fireEvent.click(await screen.findByRole("button", { name: "Continue with Google" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Google sign-in is not configured on this server.");
    expect(assign).not.toHaveBeenCalled();
  });
});
