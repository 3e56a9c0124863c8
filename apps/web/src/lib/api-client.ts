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
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method: "GET",
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw connectionFailed(error);
  }

  let body: unknown;
  let isJson = true;
  try {
    body = await response.json();
  } catch (error) {
    if (isAbortError(error)) throw error;
    isJson = false;
  }

  if (!response.ok || !isJson) throw parseFailure(response.status, isJson ? body : undefined);
  return body as T;
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
