import { fireEvent, screen, within } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, signedIn } from "../../test/api-mock";
import { makeProgress } from "../../test/fixtures";
import { renderRouter } from "../../test/render-router";
import { ReaderProgressMenu } from "./progress-actions";

afterEach(() => {
  vi.unstubAllGlobals();
});

const row = (progress: number, isRead: boolean) => makeProgress({ progress, isRead });

function renderMenu(signedIn = true) {
  const onStartedOver = vi.fn();
  const router = createMemoryRouter([
    {
      path: "*",
      element: (
        <ReaderProgressMenu bookId="book-1" signedIn={signedIn} onStartedOver={onStartedOver}>
          35% of book
        </ReaderProgressMenu>
      ),
    },
  ]);
  renderRouter(router);
  return onStartedOver;
}

describe("the reader's progress sheet, opened from its book figure", () => {
  it("shows the book's figure and marks the book finished", async () => {
    const calls = mockApi({
      ...signedIn,
      "progress.get": () => ({ progress: row(40, false), chapters: [] }),
      "progress.finish": () => ({ progress: row(100, true), chapters: [] }),
    });
    renderMenu();
    fireEvent.click(screen.getByRole("button", { name: "35% of book" }));
    const sheet = await screen.findByTestId("progress-sheet");
    expect((await within(sheet).findByTestId("progress-sheet-figure")).textContent).toBe("40% read");
    fireEvent.click(within(sheet).getByRole("button", { name: "Mark as finished" }));
    await vi.waitFor(() => expect(within(sheet).getByTestId("progress-sheet-figure").textContent).toBe("Finished"));
    expect(calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual([
      "/api/v1/books/book-1/progress/finish",
    ]);
  });

  it("starts over after a confirmation and takes the reader back to the start", async () => {
    mockApi({
      ...signedIn,
      "progress.get": () => ({ progress: row(40, false), chapters: [] }),
      "progress.startOver": () => ({ progress: row(0, false), chapters: [] }),
    });
    const onStartedOver = renderMenu();
    fireEvent.click(screen.getByRole("button", { name: "35% of book" }));
    const sheet = await screen.findByTestId("progress-sheet");
    fireEvent.click(await within(sheet).findByRole("button", { name: "Start over" }));
    expect(within(sheet).getByText("Start over from the beginning? Your place will be cleared.")).toBeTruthy();
    expect(onStartedOver).not.toHaveBeenCalled();
    fireEvent.click(within(sheet).getByRole("button", { name: "Start over" }));
    await vi.waitFor(() => expect(onStartedOver).toHaveBeenCalledTimes(1));
  });

  it("is not offered to a visitor, who sees the figure alone", () => {
    mockApi({});
    renderMenu(false);
    expect(screen.getByText("35% of book")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
