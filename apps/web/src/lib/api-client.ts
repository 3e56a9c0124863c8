import type { ApiOperationName, ApiRequest, ApiResponse } from "@quire/core";
import { API_OPERATIONS } from "@quire/core/api-operations";
import { fillPath } from "@quire/core/api-paths";
import { FUNCTION_CALL_TIMEOUT_MS } from "@quire/core/constants";
import { AppError } from "@quire/core/errors";
import { connectionFailed, parseFailure } from "./errors";
import { nativeRequest } from "./native/native-session";
import { isNativeApp } from "./native/platform";

type QueryValue = string | number | boolean | null | undefined;

export type ApiCall<K extends ApiOperationName> = ApiRequest<K> & { signal?: AbortSignal };

/** The request argument may be left out when the operation needs nothing (no params, nothing required). */
export type ApiArgs<K extends ApiOperationName> =
  Record<string, never> extends ApiRequest<K> ? [call?: ApiCall<K>] : [call: ApiCall<K>];

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
 * Calls an API operation by its contract name (same origin; in the native app, the public origin with the
 * bearer token): `api("books.get", { params: { id } })`.
 * Params, query and body are typed by the operation's contract, and so is the answer; an answer
 * without a body (204, or an empty 201/202 to a write) is undefined. Failures reject with an AppError:
 * the server's error body parsed by AppError.fromResponseBody, AppError.of("connectionFailed") when
 * the network gives no answer, "requestTimeout" past SPEC §9's call timeout. The caller's abort stays
 * an AbortError.
 */
export function api<K extends ApiOperationName>(operation: K, ...[call]: ApiArgs<K>): Promise<ApiResponse<K>> {
  const [method, pattern] = API_OPERATIONS[operation];
  const { params, query, body, signal } = (call ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const path = withQuery(fillPath(pattern, params), query);
  return (method === "GET" ? read(path, signal) : write(method, path, body, signal)) as Promise<ApiResponse<K>>;
}

/** A GET must answer JSON: an empty or unreadable body is a failure. */
async function read(path: string, signal: AbortSignal | undefined): Promise<unknown> {
  const { response, text } = await exchange(path, { method: "GET", headers: { Accept: "application/json" }, signal });
  const { body, isJson } = parseJson(text);
  if (!response.ok || !isJson) throw parseFailure(response.status, isJson ? body : undefined);
  return body;
}

/** Sends `body` as JSON (no body and no Content-Type when it is undefined). */
async function write(method: string, path: string, body: unknown, signal: AbortSignal | undefined): Promise<unknown> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const { response, text } = await exchange(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (response.ok && hasNoBody(response)) return undefined;
  const { body: answer, isJson, isEmpty } = parseJson(text);
  if (response.ok && isEmpty) return undefined;
  if (!response.ok || !isJson) throw parseFailure(response.status, isJson ? answer : undefined);
  return answer;
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
    const response = await apiFetch(url, { ...init, signal, credentials: "same-origin" });
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

/** `fetch` for an API path: as it is in a browser; in the native app, to the public origin with the bearer token. */
export function apiFetch(path: string, init: RequestInit): Promise<Response> {
  if (!isNativeApp()) return fetch(path, init);
  return nativeRequest(path, init).then(([url, sent]) => fetch(url, sent));
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
