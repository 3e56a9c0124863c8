import { afterEach, describe, expect, it, vi } from "vitest";
import { saveSessionToken } from "../../lib/native/native-session";
import { openNativeStream, type StreamEvent, sseParser } from "./native-stream";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe("sseParser", () => {
  it("reads events split anywhere across chunks, with comments, ids, retry and CRLF", () => {
    const events: StreamEvent[] = [];
    const parser = sseParser((event) => events.push(event));
    for (const chunk of [
      "retry: 25\r",
      "\n\r\n: heartbeat\n\nid: n1\nevent: notif",
      'ication\ndata: {"a":',
      "1}\n",
      "\n",
    ])
      parser.push(chunk);
    parser.push("data: one\ndata:two\n\nevent: counters\ndata: {}\n\n");
    expect(events).toEqual([
      { event: "notification", data: '{"a":1}' },
      { event: "message", data: "one\ntwo" },
      { event: "counters", data: "{}" },
    ]);
    expect(parser.state).toEqual({ lastEventId: "n1", retryMs: 25 });
  });

  it("drops an event a connection left half-sent", () => {
    const events: StreamEvent[] = [];
    const parser = sseParser((event) => events.push(event));
    parser.push('event: counters\ndata: {"unread');
    parser.reset();
    parser.push("event: counters\ndata: {}\n\n");
    expect(events).toEqual([{ event: "counters", data: "{}" }]);
  });
});

/** A fetch answering each call with the next body, as a stream of text chunks that then ends. */
function fakeStreamFetch(bodies: string[][]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const chunks = bodies.shift();
    if (!chunks) return new Response("", { status: 401 });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

describe("openNativeStream in the app", () => {
  it("reads the public origin's stream with the bearer token, and reconnects with Last-Event-ID", async () => {
    vi.stubGlobal("Capacitor", { isNativePlatform: () => true, getPlatform: () => "android" });
    vi.stubEnv("VITE_QUIRE_ORIGIN", "https://quire.example");
    await saveSessionToken("app-token");
    const { calls, fetchMock } = fakeStreamFetch([
      ["retry: 5\n\n", 'id: n1\nevent: notification\ndata: {}\n\nevent: counters\ndata: {"unreadCount":1}\n\n'],
      ['event: counters\ndata: {"unreadCount":2}\n\n'],
    ]);
    const events: StreamEvent[] = [];
    const close = openNativeStream((event) => events.push(event));
    // After the second connection the fake answers 401, which ends the stream as it ends an EventSource.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    close();

    expect(events).toEqual([
      { event: "notification", data: "{}" },
      { event: "counters", data: '{"unreadCount":1}' },
      { event: "counters", data: '{"unreadCount":2}' },
    ]);
    const [first, second] = calls;
    expect(first?.url).toBe("https://quire.example/api/v1/stream");
    expect(first?.init.credentials).toBe("omit");
    const firstHeaders = new Headers(first?.init.headers);
    expect(firstHeaders.get("Authorization")).toBe("Bearer app-token");
    expect(firstHeaders.has("Last-Event-ID")).toBe(false);
    expect(new Headers(second?.init.headers).get("Last-Event-ID")).toBe("n1");
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await saveSessionToken(null);
  });

  it("retries after a network error and stops when closed", async () => {
    vi.stubGlobal("Capacitor", { isNativePlatform: () => true, getPlatform: () => "ios" });
    vi.stubEnv("VITE_QUIRE_ORIGIN", "https://quire.example");
    vi.useFakeTimers();
    try {
      const fetchMock = vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      });
      vi.stubGlobal("fetch", fetchMock);
      const close = openNativeStream(() => {});
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(2999);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      close();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
