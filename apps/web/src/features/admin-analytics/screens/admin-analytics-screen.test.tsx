import type { AnalyticsSummary } from "@quire/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../../test/api-mock";
import { makeMe } from "../../../test/fixtures";
import { renderRouter } from "../../../test/render-router";
import { lastDays } from "../range";
import { AdminAnalyticsScreen } from "./admin-analytics-screen";

/** uPlot draws on a canvas the test DOM does not have: record what each chart was given instead. */
const charts = vi.hoisted(() => [] as { series: (string | undefined)[]; data: number[][] }[]);
vi.mock("uplot", () => ({
  default: class {
    static tzDate = (date: Date) => date;
    constructor(options: { series: { label?: string }[] }, data: number[][]) {
      charts.push({ series: options.series.map((s) => s.label), data });
    }
    setSize() {}
    destroy() {}
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  charts.length = 0;
});

const admin = makeMe({ roles: ["reader", "admin"] });

function makeSummary(overrides: Partial<AnalyticsSummary> = {}): AnalyticsSummary {
  return {
    from: "2026-03-01",
    to: "2026-03-03",
    days: [
      { day: "2026-03-01", activeReaders: 3, pageViews: 10, signUps: 1, readsStarted: 2, readsFinished: 0 },
      { day: "2026-03-02", activeReaders: 5, pageViews: 12, signUps: 0, readsStarted: 1, readsFinished: 1 },
      { day: "2026-03-03", activeReaders: 4, pageViews: 8, signUps: 2, readsStarted: 0, readsFinished: 1 },
    ],
    campaigns: [{ source: "newsletter", medium: "email", signUps: 2 }],
    funnel: { signedUp: 4, verified: 3, onboarded: 2, readFirstChapter: 1, finishedBook: 1 },
    topBooks: [{ bookId: "b1", title: "Night Harbour", readsStarted: 3, readsFinished: 2 }],
    launches: [{ bookId: "b2", title: "Lantern", launchedDate: "2026-03-02T09:00:00.000Z", subscribers: 7 }],
    rolledUpTo: "2026-03-01",
    ...overrides,
  };
}

function renderScreen(entry = "/admin/analytics?from=2026-03-01&to=2026-03-03") {
  const router = createMemoryRouter([{ path: "/admin/analytics", element: <AdminAnalyticsScreen /> }], {
    initialEntries: [entry],
  });
  renderRouter(router);
  return router;
}

describe("Admin analytics", () => {
  it("charts the days, shows totals, the funnel and the tables, and links the CSV of the range", async () => {
    const calls = mockApi({ "auth.session": () => ({ user: admin }), "admin.analyticsSummary": () => makeSummary() });
    renderScreen();

    expect(await screen.findByText("Night Harbour")).toBeTruthy();
    expect(calls.at(-1)?.path).toBe("/api/v1/admin/analytics/summary");
    expect(charts.map((chart) => chart.series.slice(1))).toEqual([
      ["Active readers"],
      ["Page views"],
      ["Reads started", "Reads finished"],
      ["Sign-ups"],
    ]);
    expect(charts[0]?.data).toEqual([
      [Date.UTC(2026, 2, 1) / 1000, Date.UTC(2026, 2, 2) / 1000, Date.UTC(2026, 2, 3) / 1000],
      [3, 5, 4],
    ]);
    expect(screen.getByRole("img", { name: /Page views per day, 3 days\. Page views: 30 in total/ })).toBeTruthy();
    const funnel = screen.getByTestId("funnel");
    expect(within(funnel).getByText("Verified their email").parentElement?.textContent).toContain("3 (75%)");
    expect(screen.getByRole("table", { name: "Sign-ups by campaign" }).textContent).toContain("newsletteremail2");
    expect(screen.getByRole("table", { name: "Launches" }).textContent).toContain("7");
    expect(screen.getByTestId("analytics-csv").getAttribute("href")).toBe(
      "/api/v1/admin/analytics/summary.csv?from=2026-03-01&to=2026-03-03",
    );
  });

  it("asks for the preset's range, and keeps the range in the address", async () => {
    mockApi({
      "auth.session": () => ({ user: admin }),
      "admin.analyticsSummary": () => makeSummary(),
    });
    const fetchSpy = vi.mocked(fetch);
    const router = renderScreen();
    await screen.findByText("Night Harbour");
    fireEvent.click(screen.getByRole("button", { name: "7 days" }));
    const week = lastDays(7);
    await waitFor(() => expect(String(fetchSpy.mock.calls.at(-1)?.[0])).toContain(`from=${week.from}&to=${week.to}`));
    expect(router.state.location.search).toBe(`?from=${week.from}&to=${week.to}`);
    expect(screen.getByRole("button", { name: "7 days" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-01-05" } });
    await waitFor(() => expect(router.state.location.search).toBe(`?from=2026-01-05&to=${week.to}`));
  });

  it("says so when the range holds nothing yet", async () => {
    const empty = makeSummary({
      days: [{ day: "2026-03-01", activeReaders: 0, pageViews: 0, signUps: 0, readsStarted: 0, readsFinished: 0 }],
      campaigns: [],
      topBooks: [],
      launches: [],
      funnel: { signedUp: 0, verified: 0, onboarded: 0, readFirstChapter: 0, finishedBook: 0 },
    });
    mockApi({ "auth.session": () => ({ user: admin }), "admin.analyticsSummary": () => empty });
    renderScreen();
    expect(await screen.findByText("Nothing in this range yet")).toBeTruthy();
    expect(screen.getByText("No reads began in this range.")).toBeTruthy();
  });

  it("shows the API's refusal with a retry", async () => {
    let failures = 1;
    mockApi({
      "auth.session": () => ({ user: admin }),
      "admin.analyticsSummary": () =>
        failures-- > 0
          ? Response.json({ error: { code: "invalid-argument", message: "Choose at most 366 days." } }, { status: 400 })
          : makeSummary(),
    });
    renderScreen();
    expect((await screen.findByTestId("error-message")).textContent).toBe("Choose at most 366 days.");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Night Harbour")).toBeTruthy();
  });

  it("tells a reader who is not an administrator, without asking for figures", async () => {
    const calls = mockApi({ "auth.session": () => ({ user: makeMe() }) });
    renderScreen();
    expect(await screen.findByText("Only administrators can do this.")).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith("/api/v1/admin/"))).toBe(false);
  });
});
