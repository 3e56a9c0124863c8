import { QueryClient } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION_QUERY_KEY } from "../../lib/session-state";
import { mockApi } from "../../test/api-mock";
import { makeMe } from "../../test/fixtures";
import { QUEUED_OFFLINE, sendOrQueue, startOfflineSync } from "./offline-sync";
import { MemoryQueueStore } from "./queue-store";
import { SAVED_OFFLINE_TEXT, SavedOfflineHint } from "./saved-offline-hint";

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  vi.unstubAllGlobals();
});

describe("SavedOfflineHint", () => {
  it("says the change waits while the queue holds it, and nothing once it is sent", async () => {
    let online = false;
    mockApi({
      "books.star": () => {
        if (!online) throw new TypeError("Failed to fetch");
        return { starred: true, nUserStarred: 1 };
      },
    });
    const queryClient = new QueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, makeMe({ id: "reader-1" }));
    stop = startOfflineSync(queryClient, new MemoryQueueStore());
    render(<SavedOfflineHint answers={[undefined, QUEUED_OFFLINE]} />);
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("");

    await act(() => sendOrQueue("books.star", { params: { id: "b1" } }));
    expect(status.textContent).toBe(SAVED_OFFLINE_TEXT);

    online = true;
    await act(async () => window.dispatchEvent(new Event("online")));
    await vi.waitFor(() => expect(status.textContent).toBe(""));
  });

  it("shows nothing for an answer that came from the server", () => {
    render(<SavedOfflineHint answers={[{ starred: true, nUserStarred: 1 }]} />);
    expect(screen.getByRole("status").textContent).toBe("");
  });
});
