import { nativeRequest } from "../../lib/native/native-session";
import { isNativeApp } from "../../lib/native/platform";

/** One HTTP exchange of the tus protocol, independent of how it is sent. */
export interface TusRequest {
  method: "POST" | "HEAD" | "PATCH" | "DELETE";
  url: string;
  headers: Record<string, string>;
  body?: Blob;
  /** Bytes of `body` sent so far, as the browser reports them. */
  onUploadProgress?: (loaded: number) => void;
  signal: AbortSignal;
}

export interface TusResponse {
  status: number;
  header(name: string): string | null;
  text: string;
}

/**
 * Sends a request; resolves with any HTTP answer, rejects with an AbortError when `signal` fires
 * and with a NetworkError when no answer came.
 */
export type TusTransport = (request: TusRequest) => Promise<TusResponse>;

export class NetworkError extends Error {
  override readonly name = "NetworkError";
}

export function abortError(): DOMException {
  return new DOMException("The upload request was aborted.", "AbortError");
}

/**
 * XMLHttpRequest rather than fetch: only XHR reports upload progress, which a 16 MB chunk needs
 * for the progress bar to move. In a browser it is same origin, so the session cookie goes along; the native
 * app sends it to the public origin with the bearer token and no cookies, like `apiFetch`.
 */
export const xhrTransport: TusTransport = async (request) => {
  if (!isNativeApp()) return sendXhr(request, request.url, request.headers);
  const [url, init] = await nativeRequest(request.url, { headers: request.headers });
  return sendXhr(request, url, Object.fromEntries(new Headers(init.headers)), false);
};

function sendXhr(
  request: TusRequest,
  url: string,
  headers: Record<string, string>,
  withCredentials?: boolean,
): Promise<TusResponse> {
  return new Promise((resolve, reject) => {
    if (request.signal.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, url);
    if (withCredentials !== undefined) xhr.withCredentials = withCredentials;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (request.onUploadProgress) {
      const report = request.onUploadProgress;
      xhr.upload.addEventListener("progress", (event) => report(event.loaded));
    }
    const onAbort = () => xhr.abort();
    request.signal.addEventListener("abort", onAbort, { once: true });
    const settle = (outcome: () => void) => {
      request.signal.removeEventListener("abort", onAbort);
      outcome();
    };
    xhr.addEventListener("load", () =>
      settle(() =>
        resolve({ status: xhr.status, header: (name) => xhr.getResponseHeader(name), text: xhr.responseText }),
      ),
    );
    xhr.addEventListener("error", () => settle(() => reject(new NetworkError("The upload connection failed."))));
    xhr.addEventListener("timeout", () => settle(() => reject(new NetworkError("The upload timed out."))));
    xhr.addEventListener("abort", () => settle(() => reject(abortError())));
    xhr.send(request.body ?? null);
  });
}
