import { afterEach, describe, expect, it, vi } from "vitest";

/** What the transport did with the one XMLHttpRequest it made, answered with a tus 204. */
class FakeXhr extends EventTarget {
  static last: FakeXhr | undefined;
  method = "";
  url = "";
  credentialsSet = false;
  headers: Record<string, string> = {};
  status = 0;
  responseText = "";
  readonly upload = new EventTarget();
  private responseHeaders: Record<string, string> = {};
  private credentials = false;

  constructor() {
    super();
    FakeXhr.last = this;
  }
  // Only the app should decide about credentials; a browser's request keeps the platform's default.
  get withCredentials() {
    return this.credentials;
  }
  set withCredentials(value: boolean) {
    this.credentialsSet = true;
    this.credentials = value;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send() {
    this.status = 204;
    this.responseHeaders = { "upload-offset": "262144", "tus-resumable": "1.0.0" };
    queueMicrotask(() => this.dispatchEvent(new Event("load")));
  }
  abort() {}
}

const inTheApp = () => vi.stubGlobal("Capacitor", { isNativePlatform: () => true, getPlatform: () => "android" });

async function patchChunk() {
  vi.resetModules();
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  vi.stubEnv("VITE_QUIRE_ORIGIN", "https://quire.example");
  const { saveSessionToken } = await import("../../lib/native/native-session");
  await saveSessionToken("app-token");
  const { xhrTransport } = await import("./tus-transport");
  const response = await xhrTransport({
    method: "PATCH",
    url: "/api/v1/uploads/abc",
    headers: { "Tus-Resumable": "1.0.0", "Upload-Offset": "0" },
    body: new Blob([new Uint8Array(16)]),
    signal: new AbortController().signal,
  });
  return { response, xhr: FakeXhr.last as FakeXhr };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  FakeXhr.last = undefined;
});

describe("the tus transport", () => {
  it("sends a browser's request to the relative URL with its cookie and no token", async () => {
    const { response, xhr } = await patchChunk();
    expect(response.header("Upload-Offset")).toBe("262144");
    expect(xhr.method).toBe("PATCH");
    expect(xhr.url).toBe("/api/v1/uploads/abc");
    expect(xhr.headers).toEqual({ "tus-resumable": "1.0.0", "upload-offset": "0" });
    expect(xhr.credentialsSet).toBe(false);
  });

  it("sends the app's request to the public origin with the bearer token and no cookies", async () => {
    inTheApp();
    const { response, xhr } = await patchChunk();
    expect(response.status).toBe(204);
    expect(xhr.url).toBe("https://quire.example/api/v1/uploads/abc");
    expect(xhr.headers.authorization).toBe("Bearer app-token");
    expect(xhr.headers["tus-resumable"]).toBe("1.0.0");
    expect(xhr.headers["upload-offset"]).toBe("0");
    expect(xhr.credentialsSet).toBe(true);
    expect(xhr.withCredentials).toBe(false);
  });
});
