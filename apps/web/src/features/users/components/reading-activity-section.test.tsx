import type { ReadingActivity } from "@quire/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, mockApi, signedIn } from "../../../test/api-mock";
import { makeBookSummary, makeMe } from "../../../test/fixtures";
import { renderRouter } from "../../../test/render-router";
import { ReadingActivitySection } from "./reading-activity-section";

afterEach(() => {
  vi.unstubAllGlobals();
});

const URL = "GET /api/v1/users/user-wren/reading";
const activity = (overrides: Partial<ReadingActivity> = {}): ReadingActivity => ({
  hidden: false,
  reading: [makeBookSummary("Frankenstein"), makeBookSummary("Emma")],
  finished: [makeBookSummary("Dracula")],
  starred: [],
  ...overrides,
});

function renderSection(userId = "user-wren") {
  renderRouter(
    createMemoryRouter([{ path: "/u/wren", element: <ReadingActivitySection userId={userId} /> }], {
      initialEntries: ["/u/wren"],
    }),
  );
}

describe("ReadingActivitySection", () => {
  it("shows what someone reads, finished and starred as covers linking to the books, with empty rows said so", async () => {
    mockApi({
      "auth.session": () => ({ user: null }),
      [URL]: () => Response.json(activity()),
    });
    renderSection();
    expect(await screen.findByRole("heading", { name: "Reading activity" })).toBeTruthy();
    const reading = await screen.findByRole("list", { name: "Reading" });
    expect(
      within(reading)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["Frankenstein", "/books/frankenstein"],
      ["Emma", "/books/emma"],
    ]);
    expect(within(screen.getByRole("list", { name: "Finished" })).getByRole("link", { name: "Dracula" })).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Starred" })).toBeNull();
    expect(within(screen.getByTestId("reading-activity-starred")).getByText("No starred books yet.")).toBeTruthy();
    expect(screen.queryByTestId("reading-activity-private-note")).toBeNull();
  });

  it("tells others that a private reader's activity is private", async () => {
    mockApi({
      ...signedIn,
      [URL]: () => Response.json({ hidden: true, reading: [], finished: [], starred: [] }),
    });
    renderSection();
    expect(await screen.findByText("Reading activity is private")).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("shows the owner their own private activity, saying only they see it", async () => {
    mockApi({
      "auth.session": () => ({ user: makeMe({ id: "user-wren" }) }),
      [URL]: () => Response.json(activity({ hidden: true })),
    });
    renderSection();
    const note = await screen.findByTestId("reading-activity-private-note");
    expect(note.textContent).toContain("Only you can see this.");
    expect(within(note).getByRole("link", { name: "Change this in Settings" }).getAttribute("href")).toBe("/settings");
    expect(screen.getByRole("list", { name: "Reading" })).toBeTruthy();
    expect(screen.queryByText("Reading activity is private")).toBeNull();
  });

  it("shows a failure with Retry, and the lists once it works", async () => {
    let fail = true;
    mockApi({
      "auth.session": () => ({ user: null }),
      [URL]: () => (fail ? apiError(429, "resource-exhausted", "Too many requests.") : Response.json(activity())),
    });
    renderSection();
    expect((await screen.findByTestId("error-message")).textContent).toBe("Too many requests.");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.getByRole("list", { name: "Reading" })).toBeTruthy());
  });
});
