import { vi } from "vitest";

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

/**
 * The app asks who is signed in on every load, and the sign-in screens which social providers are
 * on; unless a test says otherwise, nobody is signed in and no provider is on.
 */
const BACKGROUND: Record<string, Handler> = {
  "GET /api/auth/get-session": () => Response.json({ user: null }),
  "GET /api/auth/providers": () => Response.json({ providers: { google: false, apple: false }, appScheme: "quire" }),
};

/**
 * Replaces fetch with a table of "METHOD /path" → answer. Unlisted calls answer 404 in the API's
 * error shape. Returns the calls made, in order (the two background reads above excluded).
 */
export function mockApi(overrides: Record<string, Handler>): RecordedCall[] {
  const handlers = { ...BACKGROUND, ...overrides };
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const path = input.split("?")[0] ?? input;
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      const call = { method, path, body };
      if (!(`${method} ${path}` in BACKGROUND)) calls.push(call);
      const handler = handlers[`${method} ${path}`];
      if (!handler) return Response.json({ error: { code: "not-found", message: "Not found" } }, { status: 404 });
      return handler(call);
    }),
  );
  return calls;
}

export function apiError(status: number, code: string, message: string, reason?: string): Response {
  return Response.json({ error: { code, message, ...(reason ? { reason } : {}) } }, { status });
}
