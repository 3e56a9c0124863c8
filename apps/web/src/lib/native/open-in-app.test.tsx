import { APP_LINK_FALLBACK_MS } from "@quire/core/constants";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { APP_OFFER_DISMISSED_KEY, shouldOfferApp } from "./app-offer";
import { OpenInAppOffer } from "./open-in-app";

const PHONE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36";
const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const SITE = { origin: "https://quire.example" };

function browsing({ userAgent = PHONE_UA, referrer = "https://search.example/" } = {}) {
  vi.spyOn(navigator, "userAgent", "get").mockReturnValue(userAgent);
  vi.spyOn(document, "referrer", "get").mockReturnValue(referrer);
}

const landingRouter = (path: string) => createMemoryRouter([{ path: "*", element: null }], { initialEntries: [path] });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("when a phone's browser is offered the app", () => {
  it("offers it for a book, reader or profile page reached from another site", () => {
    browsing();
    for (const pathname of ["/books/b1", "/read/b1/c2", "/u/ada"]) {
      expect(shouldOfferApp({ ...SITE, pathname })).toBe(true);
    }
  });

  it("never while browsing within Quire, on other pages, on a computer, in the app, or once declined", () => {
    browsing({ referrer: "https://quire.example/browse" });
    expect(shouldOfferApp({ ...SITE, pathname: "/books/b1" })).toBe(false);
    browsing({ referrer: "" });
    expect(shouldOfferApp({ ...SITE, pathname: "/books/b1" })).toBe(false);
    browsing();
    expect(shouldOfferApp({ ...SITE, pathname: "/library" })).toBe(false);
    browsing({ userAgent: DESKTOP_UA });
    expect(shouldOfferApp({ ...SITE, pathname: "/books/b1" })).toBe(false);
    browsing();
    vi.stubGlobal("Capacitor", { isNativePlatform: () => true, getPlatform: () => "android" });
    expect(shouldOfferApp({ ...SITE, pathname: "/books/b1" })).toBe(false);
    vi.unstubAllGlobals();
    window.localStorage.setItem(APP_OFFER_DISMISSED_KEY, "1");
    expect(shouldOfferApp({ ...SITE, pathname: "/books/b1" })).toBe(false);
  });
});

describe("the offer", () => {
  it("tries the app's link for the page, and says so and stays when the app did not open within 2 s", async () => {
    vi.useFakeTimers();
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    render(<OpenInAppOffer router={landingRouter("/books/b1?ref=ada")} />);
    fireEvent.click(screen.getByRole("button", { name: "Open in app" }));
    expect(assign).toHaveBeenCalledWith("quire://books/b1?ref=ada");
    expect(screen.getByRole("button", { name: "Opening…" })).toHaveProperty("disabled", true);
    await act(() => vi.advanceTimersByTimeAsync(APP_LINK_FALLBACK_MS));
    expect(screen.getByRole("status").textContent).toBe(
      "The Quire app didn't open on this phone, so you're reading here on the web.",
    );
    expect(window.localStorage.getItem(APP_OFFER_DISMISSED_KEY)).toBe("1");
  });

  it("goes away when the app came to the front", async () => {
    vi.useFakeTimers();
    vi.spyOn(window.location, "assign").mockImplementation(() => {});
    render(<OpenInAppOffer router={landingRouter("/u/ada")} />);
    fireEvent.click(screen.getByRole("button", { name: "Open in app" }));
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    await act(async () => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(screen.queryByTestId("open-in-app")).toBeNull();
    expect(window.localStorage.getItem(APP_OFFER_DISMISSED_KEY)).toBeNull();
  });

  it("is remembered when closed, and leaves with the first navigation", async () => {
    const router = landingRouter("/books/b1");
    const { unmount } = render(<OpenInAppOffer router={router} />);
    await act(() => router.navigate("/books/b2"));
    expect(screen.queryByTestId("open-in-app")).toBeNull();
    unmount();

    render(<OpenInAppOffer router={landingRouter("/books/b1")} />);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByTestId("open-in-app")).toBeNull();
    expect(window.localStorage.getItem(APP_OFFER_DISMISSED_KEY)).toBe("1");
  });
});
