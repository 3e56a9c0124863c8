import type { ApiOperationName, ApiResponse } from "@quire/core";
import { API_OPERATIONS } from "@quire/core/api-operations";
import { vi } from "vitest";
import { makeMe } from "./fixtures";

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

/** What a handler is given: the call, and for an operation key the path's `:name` values. */
export type MockCall = RecordedCall & { params: Record<string, string> };

type Answer<T> = T | Response | Promise<T | Response>;
type Handler = (call: MockCall) => Answer<unknown>;

type Operations = typeof API_OPERATIONS;
/** A path with each `:name` segment open to any value: "/api/v1/books/:id" → `/api/v1/books/${string}`. */
type PathPattern<P extends string> = P extends `${infer Head}:${string}/${infer Rest}`
  ? `${Head}${string}/${PathPattern<Rest>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P;
type Route = { [K in ApiOperationName]: `${Operations[K][0]} ${PathPattern<Operations[K][1]>}` }[ApiOperationName];

/**
 * Answers by operation name, typed by its contract — `"books.get": ({ params }) => makeBookDetail()` —
 * or by "METHOD /path" for one exact path (the key checked against the contract's paths, the answer a
 * Response). A handler may return a Response (an error, a status of its own); undefined answers 204.
 */
export type ApiMocks = { [K in ApiOperationName]?: (call: MockCall) => Answer<ApiResponse<K>> } & {
  [R in Route]?: (call: MockCall) => Response | Promise<Response>;
};

/**
 * The app asks who is signed in on every load, and the sign-in screens which social providers are
 * on; unless a test says otherwise, nobody is signed in and no provider is on.
 */
const BACKGROUND: ApiMocks = {
  "auth.session": () => ({ user: null }),
  "auth.providers": () => ({ providers: { google: false, apple: false }, appScheme: "quire" }),
};

/** Spread into a table to have Ada (makeMe) signed in. */
export const signedIn: ApiMocks = { "auth.session": () => ({ user: makeMe() }) };

/**
 * Replaces fetch with a table of answers (see ApiMocks). Unlisted calls answer 404 in the API's error
 * shape. Returns the calls made, in order (the two background reads above excluded).
 */
export function mockApi(overrides: ApiMocks): RecordedCall[] {
  const handlers = { ...BACKGROUND, ...overrides } as Record<string, Handler | undefined>;
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const path = input.split("?")[0] ?? input;
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      const call = { method, path, body };
      if (!matchOperation(Object.keys(BACKGROUND), method, path)) calls.push(call);
      const exact = handlers[`${method} ${path}`];
      const operation = exact ? undefined : matchOperation(Object.keys(handlers), method, path);
      const handler = exact ?? (operation && handlers[operation.name]);
      if (!handler) return Response.json({ error: { code: "not-found", message: "Not found" } }, { status: 404 });
      return toResponse(await handler({ ...call, params: operation?.params ?? {} }));
    }),
  );
  return calls;
}

/** The named operation answering this call; the one with the fewest `:name` segments wins (users.recent over users.get). */
function matchOperation(names: string[], method: string, path: string) {
  let best: { name: string; params: Record<string, string>; open: number } | undefined;
  for (const name of names) {
    const operation = API_OPERATIONS[name as ApiOperationName];
    if (!operation || operation[0] !== method) continue;
    const keys: string[] = [];
    const source = operation[1].replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:(\w+)/g, (_, key: string) => {
      keys.push(key);
      return "([^/]+)";
    });
    const found = new RegExp(`^${source}$`).exec(path);
    if (!found || (best && best.open <= keys.length)) continue;
    const params = Object.fromEntries(keys.map((key, i) => [key, decodeURIComponent(found[i + 1] ?? "")]));
    best = { name, params, open: keys.length };
  }
  return best;
}

function toResponse(answer: unknown): Response {
  if (answer instanceof Response) return answer;
  return answer === undefined ? new Response(null, { status: 204 }) : Response.json(answer);
}

export function apiError(status: number, code: string, message: string, reason?: string): Response {
  return Response.json({ error: { code, message, ...(reason ? { reason } : {}) } }, { status });
}

/** The server's 400 for a body that fails its schema: a developer's message plus one issue per field. */
export function invalidBody(
  message: string,
  details: { path: string; message: string; [more: string]: unknown }[],
): Response {
  return Response.json({ error: { code: "invalid-argument", message, details } }, { status: 400 });
}
