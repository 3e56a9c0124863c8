import type { PlusPricing } from "@quire/core";
import { fireEvent, screen } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type ApiMocks, mockApi, signedIn } from "../../../test/api-mock";
import { makeMe } from "../../../test/fixtures";
import { renderRouter } from "../../../test/render-router";
import { formatMoney } from "../../locale";
import { PlusScreen } from "./plus-screen";

// The reader chose euros in Settings → Region (the locale feature's stored override); set before its store starts.
beforeAll(() => window.localStorage.setItem("quire.region-overrides", JSON.stringify({ currency: "EUR" })));
afterEach(() => vi.unstubAllGlobals());

function pricing(overrides: Partial<PlusPricing> = {}): PlusPricing {
  return {
    usd: { monthly: 4.99, yearly: 49.99 },
    currency: "EUR",
    prices: { monthly: 4.99, yearly: 44.99 },
    missingRate: false,
    ratesDate: "2026-11-20",
    stale: false,
    rates: { USD: 1, EUR: 0.9 },
    ...overrides,
  };
}

function renderPlus() {
  renderRouter(
    createMemoryRouter(
      [
        { path: "/plus", element: <PlusScreen /> },
        { path: "/auth/sign-up", element: <p>Sign-up screen</p> },
      ],
      { initialEntries: ["/plus"] },
    ),
  );
}

const locale: ApiMocks = {
  "locale.get": () => ({ country: "FR", currency: "EUR", confidence: "medium", source: "ip" }),
};

describe("PlusScreen", () => {
  it("asks for prices in the reader's currency and shows both plans with the rates' date", async () => {
    mockApi({ ...locale, "plus.get": () => pricing() });
    renderPlus();
    expect((await screen.findByTestId("plus-price-monthly")).textContent).toBe(formatMoney(4.99, "EUR"));
    expect(screen.getByTestId("plus-price-yearly").textContent).toBe(formatMoney(44.99, "EUR"));
    expect(screen.getByText("Prices shown in EUR · rates of 2026-11-20")).toBeTruthy();
    expect(screen.queryByText(/approximate/)).toBeNull();
    const asked = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(asked).toContain("/api/v1/plus?currency=EUR");
  });

  it("says when the rates are old, and when the currency has none", async () => {
    mockApi({ ...locale, "plus.get": () => pricing({ stale: true, ratesDate: "2025-06-02" }) });
    renderPlus();
    expect(await screen.findByText(/These exchange rates date from 2025-06-02/)).toBeTruthy();
  });

  it("falls back to US dollars with a note when there is no rate", async () => {
    mockApi({
      ...locale,
      "plus.get": () => pricing({ currency: "USD", prices: { monthly: 4.99, yearly: 49.99 }, missingRate: true }),
    });
    renderPlus();
    expect(await screen.findByText("No exchange rate for EUR yet, so prices are shown in US dollars.")).toBeTruthy();
    expect(screen.getByTestId("plus-price-monthly").textContent).toBe(formatMoney(4.99, "USD"));
  });

  it("takes a visitor to sign-up with the beta box to tick", async () => {
    mockApi({ ...locale, "plus.get": () => pricing() });
    renderPlus();
    const link = await screen.findByRole("link", { name: "Join the beta" });
    expect(link.getAttribute("href")).toBe("/auth/sign-up?beta=1");
  });

  it("signs a reader up for the beta and says they are on the list", async () => {
    const calls = mockApi({
      ...signedIn,
      ...locale,
      "plus.get": () => pricing(),
      "me.update": () => ({ user: makeMe({ signUpForBeta: true }) }),
    });
    renderPlus();
    fireEvent.click(await screen.findByRole("button", { name: "Join the beta" }));
    expect(await screen.findByText("You're on the list")).toBeTruthy();
    expect(calls).toContainEqual({ method: "PATCH", path: "/api/v1/me", body: { signUpForBeta: true } });
  });
});
