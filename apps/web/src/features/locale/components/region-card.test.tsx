import { fireEvent, screen, within } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, mockApi } from "../../../test/api-mock";
import { renderRouter } from "../../../test/render-router";
import { formatMoney } from "../money";
import { LOCATION_CACHE_KEY, REGION_OVERRIDES_KEY } from "../region-store";
import { resetRegionStoreForTests, useDisplayRegion } from "../use-display-region";
import { RegionCard } from "./region-card";

/** Shows what a price screen would: the display region and a price in its currency. */
function PriceProbe() {
  const region = useDisplayRegion();
  return (
    <p data-testid="probe">
      {region.country} {region.source} {formatMoney(4.99, region.currency, "en-US")}
    </p>
  );
}

function renderSettings() {
  renderRouter(
    createMemoryRouter(
      [
        {
          path: "/settings",
          element: (
            <>
              <RegionCard />
              <PriceProbe />
            </>
          ),
        },
      ],
      { initialEntries: ["/settings"] },
    ),
  );
}

const probe = () => screen.getByTestId("probe").textContent;

beforeEach(resetRegionStoreForTests);
afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe("RegionCard", () => {
  it("shows the detected country and currency, and an override that wins over them", async () => {
    const calls = mockApi({
      "locale.get": () => ({ country: "FR", currency: "EUR", confidence: "medium", source: "ip" }),
    });
    renderSettings();
    expect(await screen.findByText("Detected: France (EUR)")).toBeTruthy();
    expect(probe()).toBe("FR ip €4.99");
    expect(calls.filter((call) => call.path === "/api/v1/locale")).toHaveLength(1);

    const card = screen.getByTestId("account-region");
    fireEvent.change(within(card).getByLabelText("Country"), { target: { value: "JP" } });
    expect(probe()).toBe("JP override ¥5");
    fireEvent.change(within(card).getByLabelText("Currency"), { target: { value: "GBP" } });
    expect(probe()).toBe("JP override £4.99");
    expect(JSON.parse(window.localStorage.getItem(REGION_OVERRIDES_KEY) ?? "null")).toEqual({
      country: "JP",
      currency: "GBP",
    });
    expect(screen.getByText("Detected: France (EUR)")).toBeTruthy();

    fireEvent.change(within(card).getByLabelText("Country"), { target: { value: "" } });
    fireEvent.change(within(card).getByLabelText("Currency"), { target: { value: "" } });
    expect(probe()).toBe("FR ip €4.99");
  });

  it("falls back to the United States with a warning when the lookup fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    mockApi({ "locale.get": () => apiError(503, "unavailable", "Connection failed.") });
    renderSettings();
    expect(await screen.findByText("Detected: United States (USD)")).toBeTruthy();
    expect(probe()).toBe("US fallback $4.99");
    expect(warn).toHaveBeenCalledWith("IP lookup failed; using the fallback country.", expect.anything());
    expect(window.localStorage.getItem(LOCATION_CACHE_KEY)).toBeNull();
  });
});
