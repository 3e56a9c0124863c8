import type { AnalyticsBatch } from "@quire/core";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { analytics } from "../../../lib/analytics";
import { mockApi, type RecordedCall } from "../../../test/api-mock";
import { makeMe } from "../../../test/fixtures";
import { renderRouter } from "../../../test/render-router";
import { AnalyticsShell } from "./analytics-shell";

const EVENTS = "/api/v1/analytics/events";

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: "/books/:id", element: <AnalyticsShell /> }], {
    initialEntries: [path],
  });
  renderRouter(router);
  return router;
}

/** Moves to another book (a new page view) and sends the queue at once instead of in 5 s. */
async function visitAndFlush(router: ReturnType<typeof createMemoryRouter>, calls: RecordedCall[], path: string) {
  await act(() => router.navigate(path));
  await waitFor(() => expect(analytics.queued).toBeGreaterThan(0));
  analytics.flush();
  await waitFor(() => expect(calls.some((call) => call.path === EVENTS)).toBe(true));
  return calls.filter((call) => call.path === EVENTS).map((call) => call.body as AnalyticsBatch);
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "doNotTrack");
});

describe("the analytics shell", () => {
  it("asks a visitor; after Allow, page views go out as patterns with the consent flag", async () => {
    const calls = mockApi({ "analytics.events": () => undefined });
    const router = renderAt("/books/first");
    const banner = await screen.findByRole("region", { name: "Usage statistics" });
    fireEvent.click(banner.querySelector("button") as HTMLButtonElement);
    await waitFor(() => expect(screen.queryByRole("region", { name: "Usage statistics" })).toBeNull());
    expect(localStorage.getItem("quire.analytics.consent")).toBe("granted");

    const [batch] = await visitAndFlush(router, calls, "/books/second");
    expect(batch).toMatchObject({ consent: "granted", events: [{ name: "page_view", route: "/books/:id" }] });
    expect(JSON.stringify(batch)).not.toContain("second");
  });

  it("counts a reader who accepted tracking without asking, and without the visitor flag", async () => {
    const calls = mockApi({
      "auth.session": () => ({ user: makeMe({ acceptedTracking: true }) }),
      "analytics.events": () => undefined,
    });
    const router = renderAt("/books/first");
    const [batch] = await visitAndFlush(router, calls, "/books/second");
    expect(batch).not.toHaveProperty("consent");
    // The first page view waited for the session (the readiness wait) and counts too.
    expect(batch?.events.map((event) => ("route" in event ? event.route : event.name))).toEqual([
      "/books/:id",
      "/books/:id",
    ]);
    expect(screen.queryByRole("region", { name: "Usage statistics" })).toBeNull();
  });

  it("neither asks nor collects under Do-Not-Track", async () => {
    Object.defineProperty(navigator, "doNotTrack", { value: "1", configurable: true });
    const calls = mockApi({ "analytics.events": () => undefined });
    const router = renderAt("/books/first");
    await act(() => router.navigate("/books/second"));
    await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(0));
    analytics.flush();
    expect(screen.queryByRole("region", { name: "Usage statistics" })).toBeNull();
    expect(analytics.queued).toBe(0);
    expect(calls.filter((call) => call.path === EVENTS)).toEqual([]);
  });
});
