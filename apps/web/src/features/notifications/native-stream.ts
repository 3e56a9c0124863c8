import { apiPath } from "@quire/core/api-paths";
import { apiFetch } from "../../lib/api-client";

/*
 * The live stream in the native app: EventSource cannot send the bearer token, so the app reads the same
 * Server-Sent Events with fetch (the public origin, the token, no cookies) and reconnects as EventSource does.
 * Loaded only in the app.
 */

export interface StreamEvent {
  event: string;
  data: string;
}

/** The reconnection delay EventSource uses until the server names one with `retry:`. */
const DEFAULT_RETRY_MS = 3000;

/**
 * Feeds text as it arrives; calls `onEvent` at each blank line that ends an event with data. `id:` and `retry:`
 * are kept in `state` for the next connection, as EventSource keeps them.
 */
export function sseParser(
  onEvent: (event: StreamEvent) => void,
  state: { lastEventId: string; retryMs: number } = { lastEventId: "", retryMs: DEFAULT_RETRY_MS },
) {
  let buffer = "";
  let event = "";
  let data: string[] = [];
  const line = (text: string) => {
    if (text === "") {
      if (data.length > 0) onEvent({ event: event || "message", data: data.join("\n") });
      event = "";
      data = [];
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? "" : text.slice(colon + (text[colon + 1] === " " ? 2 : 1));
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
    else if (field === "id" && !value.includes("\0")) state.lastEventId = value;
    else if (field === "retry" && /^\d+$/.test(value)) state.retryMs = Number(value);
  };
  return {
    state,
    /** A connection ended: an event it left half-sent is dropped, as EventSource drops it. */
    reset() {
      buffer = "";
      event = "";
      data = [];
    },
    push(chunk: string) {
      buffer += chunk;
      // A "\r" at the chunk's end may be half of "\r\n": it waits for the next chunk.
      for (let end = buffer.search(/\r\n|\r(?=.)|\n/s); end >= 0; end = buffer.search(/\r\n|\r(?=.)|\n/s)) {
        const breakLength = buffer.startsWith("\r\n", end) ? 2 : 1;
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + breakLength);
      }
    },
  };
}

/**
 * Reads `GET /api/v1/stream` until `close()`: after a dropped connection or a network error it waits the retry
 * delay and reconnects with Last-Event-ID, so the server replays what was missed; an answer other than 200 ends
 * it, as it ends an EventSource.
 */
export function openNativeStream(onEvent: (event: StreamEvent) => void): () => void {
  const controller = new AbortController();
  const parser = sseParser(onEvent);
  const { state } = parser;
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      controller.signal.addEventListener("abort", () => {
        clearTimeout(timer);
        resolve();
      });
    });

  const connect = async (): Promise<boolean> => {
    const headers: Record<string, string> = { Accept: "text/event-stream" };
    if (state.lastEventId) headers["Last-Event-ID"] = state.lastEventId;
    const response = await apiFetch(apiPath("stream"), { headers, signal: controller.signal, cache: "no-store" });
    if (response.status !== 200 || !response.body) return false;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) parser.push(chunk.value);
    parser.reset();
    return true;
  };

  void (async () => {
    while (!controller.signal.aborted) {
      const again = await connect().catch(() => true);
      if (!again || controller.signal.aborted) return;
      await wait(state.retryMs);
    }
  })();
  return () => controller.abort();
}
