import type { CaptchaChallenge, Me } from "@quire/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { ScreenTitleProvider } from "../../../lib/screen-title";
import { SESSION_QUERY_KEY } from "../../../lib/session-state";
import { apiError, mockApi } from "../../../test/api-mock";
import { makeMe } from "../../../test/fixtures";
import { useSession } from "../../auth/session";
import { DeleteAccountScreen } from "./delete-account-screen";

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.turnstile;
});

const TOKEN = "tok_0123456789abcdef0123";
const ALTCHA: CaptchaChallenge = {
  kind: "altcha",
  challenge: {
    parameters: { algorithm: "SHA-256", nonce: "00", salt: "11", cost: 1, keyLength: 32, keyPrefix: "ab" },
    signature: "ff",
  },
};

/** Shows who the app thinks is signed in, as the app shell's account menu does. */
function SessionProbe() {
  return <p data-testid="session">{useSession().status}</p>;
}

function renderScreen(search: string, signedIn?: Me) {
  const queryClient = createQueryClient();
  if (signedIn) queryClient.setQueryData(SESSION_QUERY_KEY, signedIn);
  const router = createMemoryRouter(
    [
      {
        path: "/account/delete",
        element: (
          <>
            <SessionProbe />
            <DeleteAccountScreen />
          </>
        ),
      },
      { path: "*", element: <p>elsewhere</p> },
    ],
    { initialEntries: [`/account/delete${search}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <ScreenTitleProvider>
        <RouterProvider router={router} />
      </ScreenTitleProvider>
    </QueryClientProvider>,
  );
}

const confirmButton = () => screen.getByRole("button", { name: "Delete my account" }) as HTMLButtonElement;

/** ALTCHA's widget announces a solved proof of work with this event (its own tests cover the solving). */
async function solveAltcha(payload: string) {
  const widget = await screen.findByTestId("altcha-widget");
  act(() => {
    widget.dispatchEvent(new CustomEvent("statechange", { detail: { state: "verified", payload } }));
  });
  return widget;
}

describe("DeleteAccountScreen", () => {
  it("explains a link without its token", async () => {
    mockApi({});
    renderScreen("");
    expect(await screen.findByRole("heading", { name: "This link can't be used" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(
      "This deletion link is incomplete. Ask for a new one in your settings.",
    );
    expect(screen.getByRole("link", { name: "account settings" }).getAttribute("href")).toBe("/settings");
  });

  it("asks for the ALTCHA check, then deletes, says goodbye and forgets the session", async () => {
    let sessionUser: Me | null = makeMe();
    const calls = mockApi({
      "auth.session": () => ({ user: sessionUser }),
      "captcha.challenge": () => ALTCHA,
      "accountDeletion.confirm": () => {
        sessionUser = null;
        return Response.json({ status: "deleted" });
      },
    });
    renderScreen(`?token=${TOKEN}`, makeMe());
    expect(await screen.findByRole("heading", { name: "Delete your account?" })).toBeTruthy();
    expect(screen.getByTestId("session").textContent).toBe("signed-in");
    await screen.findByTestId("altcha-widget");
    expect(confirmButton().disabled).toBe(true);
    await solveAltcha("solved-payload");
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    fireEvent.click(confirmButton());
    expect(await screen.findByRole("heading", { name: "Your account has been deleted" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
    expect(calls).toContainEqual({
      method: "POST",
      path: "/api/v1/account-deletion/confirm",
      body: { token: TOKEN, captcha: "solved-payload" },
    });
    await waitFor(() => expect(screen.getByTestId("session").textContent).toBe("signed-out"));
  });

  it("shows a refused captcha and starts a fresh check", async () => {
    mockApi({
      "captcha.challenge": () => ALTCHA,
      "accountDeletion.confirm": () => apiError(403, "permission-denied", "Unable to validate recaptcha"),
    });
    renderScreen(`?token=${TOKEN}`);
    const first = await solveAltcha("stale-payload");
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    fireEvent.click(confirmButton());
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Unable to validate recaptcha"));
    expect(confirmButton().disabled).toBe(true);
    expect(await screen.findByTestId("altcha-widget")).not.toBe(first);
  });

  it.each([
    [404, "not-found", "No deletion request found"],
    [412, "failed-precondition", "Account deletion request expired"],
  ])("explains a %i link with the spec's words", async (status, code, message) => {
    mockApi({
      "captcha.challenge": () => ALTCHA,
      "accountDeletion.confirm": () => apiError(status, code, message),
    });
    renderScreen(`?token=${TOKEN}`);
    await solveAltcha("payload");
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    fireEvent.click(confirmButton());
    expect(await screen.findByRole("heading", { name: "This link can't be used" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(message);
  });

  it("renders Turnstile when it is the configured captcha, and sends its token", async () => {
    const render = vi.fn((_element: HTMLElement, options: { sitekey: string; callback(token: string): void }) => {
      setTimeout(() => options.callback("turnstile-token"), 0);
      return "widget-1";
    });
    window.turnstile = { render, remove: vi.fn() };
    const calls = mockApi({
      "captcha.challenge": () => ({ kind: "turnstile", siteKey: "site-key" }),
      "accountDeletion.confirm": () => ({ status: "deleted" }),
    });
    renderScreen(`?token=${TOKEN}`);
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    expect(render.mock.calls[0]?.[1].sitekey).toBe("site-key");
    expect(render.mock.calls[0]?.[0]).toBe(screen.getByTestId("turnstile-widget"));
    fireEvent.click(confirmButton());
    expect(await screen.findByRole("heading", { name: "Your account has been deleted" })).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ token: TOKEN, captcha: "turnstile-token" });
  });
});
