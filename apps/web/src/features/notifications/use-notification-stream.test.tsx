import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, expect, it, vi } from "vitest";
import { notificationKeys } from "./queries";
import { useNotificationStream } from "./use-notification-stream";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

it("keeps the bell's count live in the app through fetch, never EventSource", async () => {
  vi.stubGlobal("Capacitor", { isNativePlatform: () => true, getPlatform: () => "android" });
  vi.stubEnv("VITE_QUIRE_ORIGIN", "https://quire.example");
  const eventSource = vi.fn();
  vi.stubGlobal("EventSource", eventSource);
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: counters\ndata: {"unreadCount":4}\n\n'));
        // Open until the hook closes it, as the server's stream is.
        init.signal?.addEventListener("abort", () => controller.error(new DOMException("aborted", "AbortError")));
      },
    });
    return new Response(body, { status: 200 });
  });
  vi.stubGlobal("fetch", fetchMock);
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { unmount } = renderHook(() => useNotificationStream(true), { wrapper });
  await vi.waitFor(() => expect(client.getQueryData(notificationKeys.unread())).toBe(4));
  expect(fetchMock.mock.calls[0]?.[0]).toBe("https://quire.example/api/v1/stream");
  expect(eventSource).not.toHaveBeenCalled();
  unmount();
  expect(fetchMock.mock.calls[0]?.[1].signal?.aborted).toBe(true);
});
