import { FUNCTION_CALL_TIMEOUT_MS } from "@quire/core/constants";
import { AppError } from "@quire/core/errors";
import { connectionFailed, parseFailure } from "./errors";

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

export function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * GETs JSON from the API (same origin). Failures reject with an AppError: the server's error
 * body parsed by AppError.fromResponseBody, or AppError.of("connectionFailed") when the network
 * gives no answer.
 */
export async function apiGet<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { response, text } = await exchange(withQuery(path, options.query), {
    method: "GET",
    headers: { Accept: "application/json" },
    signal: options.signal,
  });
  const { body, isJson } = parseJson(text);
  if (!response.ok || !isJson) throw parseFailure(response.status, isJson ? body : undefined);
  return body as T;
}

/**
 * POSTs `body` as JSON (no body and no Content-Type when it is undefined) and resolves with the
 * JSON answer, or `undefined` when the server answers without one (204, or an empty 201/202).
 * Failures reject with an AppError exactly as apiGet's do.
 */
export function apiPost<T = undefined>(
  path: string,
  body?: unknown,
  options: Omit<ApiRequestOptions, "query"> = {},
): Promise<T> {
  return apiWrite<T>("POST", path, body, options);
}

/** PATCHes `body` as JSON; answers and failures as apiPost's. */
export function apiPatch<T = undefined>(
  path: string,
  body: unknown,
  options: Omit<ApiRequestOptions, "query"> = {},
): Promise<T> {
  return apiWrite<T>("PATCH", path, body, options);
}

/** PUTs `body` (or nothing) as JSON; answers and failures as apiPost's. */
export function apiPut<T = undefined>(
  path: string,
  body?: unknown,
  options: Omit<ApiRequestOptions, "query"> = {},
): Promise<T> {
  return apiWrite<T>("PUT", path, body, options);
}

/** DELETEs; answers and failures as apiPost's. */
export function apiDelete<T = undefined>(path: string, options: Omit<ApiRequestOptions, "query"> = {}): Promise<T> {
  return apiWrite<T>("DELETE", path, undefined, options);
}

async function apiWrite<T>(
  method: "POST" | "PATCH" | "PUT" | "DELETE",
  path: string,
  body: unknown,
  options: Omit<ApiRequestOptions, "query">,
): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const { response, text } = await exchange(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  if (response.ok && hasNoBody(response)) return undefined as T;
  const { body: answer, isJson, isEmpty } = parseJson(text);
  if (response.ok && isEmpty) return undefined as T;
  if (!response.ok || !isJson) throw parseFailure(response.status, isJson ? answer : undefined);
  return answer as T;
}

/**
 * One request and its body within SPEC §9's call timeout: a server that never answers ends in
 * "Request time out" instead of a spinner forever. The caller's own abort stays an AbortError.
 */
async function exchange(url: string, init: RequestInit): Promise<{ response: Response; text: string | undefined }> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), FUNCTION_CALL_TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal;
  try {
    const response = await fetch(url, { ...init, signal, credentials: "same-origin" });
    let text: string | undefined;
    try {
      text = await response.text();
    } catch (error) {
      if (isAbortError(error)) throw error;
    }
    return { response, text };
  } catch (error) {
    if (deadline.signal.aborted && !init.signal?.aborted) throw AppError.of("requestTimeout", { cause: error });
    if (isAbortError(error)) throw error;
    throw connectionFailed(error);
  } finally {
    clearTimeout(timer);
  }
}

function hasNoBody(response: Response): boolean {
  return response.status === 204 || response.status === 205 || response.headers.get("Content-Length") === "0";
}

function parseJson(text: string | undefined): { body: unknown; isJson: boolean; isEmpty: boolean } {
  if (text === undefined) return { body: undefined, isJson: false, isEmpty: false };
  if (text.trim() === "") return { body: undefined, isJson: false, isEmpty: true };
  try {
    return { body: JSON.parse(text), isJson: true, isEmpty: false };
  } catch {
    return { body: undefined, isJson: false, isEmpty: false };
  }
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
