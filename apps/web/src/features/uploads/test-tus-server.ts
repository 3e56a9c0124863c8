import { abortError, NetworkError, type TusRequest, type TusResponse } from "./tus-transport";

/** What the next PATCH meets: a status answer, a dropped connection after some bytes, or a pause until released. */
type Fault =
  | { kind: "status"; status: number; body?: unknown }
  | { kind: "drop"; afterBytes: number }
  | { kind: "hold"; release: Promise<void> };

interface StoredUpload {
  length: number;
  metadata: Record<string, string>;
  bytes: Uint8Array[];
  offset: number;
}

function response(status: number, headers: Record<string, string> = {}, text = ""): TusResponse {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { status, header: (name) => lower[name.toLowerCase()] ?? null, text };
}

/**
 * An in-memory tus 1.0 server for the client's unit tests: the protocol's rules (offsets must
 * match, HEAD tells the offset, DELETE forgets) and faults on demand. The real server is tested
 * in apps/server; the browser tests drive the two together.
 */
export class TestTusServer {
  readonly uploads = new Map<string, StoredUpload>();
  /** Every request in order, as "METHOD path" plus the PATCH body size. */
  readonly log: string[] = [];
  readonly patchSizes: number[] = [];
  /** Faults by PATCH number, counting from 1 across all uploads. */
  private readonly faults = new Map<number, Fault>();
  private patches = 0;
  private nextId = 1;
  creationAnswer: { status: number; body: unknown } | undefined;

  failPatch(number: number, fault: Fault): void {
    this.faults.set(number, fault);
  }

  /** PATCH number `number` waits until the returned function is called (or the request is aborted). */
  holdPatch(number: number): () => void {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.faults.set(number, { kind: "hold", release: released });
    return release;
  }

  received(id: string): Uint8Array {
    const upload = this.uploads.get(id);
    if (!upload) throw new Error(`No upload ${id}`);
    const all = new Uint8Array(upload.offset);
    let at = 0;
    for (const part of upload.bytes) {
      all.set(part, at);
      at += part.length;
    }
    return all;
  }

  readonly handle = async (request: TusRequest): Promise<TusResponse> => {
    if (request.signal.aborted) throw abortError();
    const path = new URL(request.url, "http://test.local").pathname;
    this.log.push(`${request.method} ${path}`);
    if (request.headers["Tus-Resumable"] !== "1.0.0") return response(412);
    const id = path.split("/").pop() ?? "";
    const upload = this.uploads.get(id);
    switch (request.method) {
      case "POST":
        return this.create(request);
      case "HEAD":
        return upload
          ? response(200, { "Upload-Offset": String(upload.offset), "Upload-Length": String(upload.length) })
          : response(404);
      case "DELETE":
        this.uploads.delete(id);
        return upload ? response(204) : response(404);
      case "PATCH":
        return upload ? this.append(upload, request) : response(404);
    }
  };

  private create(request: TusRequest): TusResponse {
    if (this.creationAnswer) {
      return response(this.creationAnswer.status, {}, JSON.stringify(this.creationAnswer.body));
    }
    const metadata = Object.fromEntries(
      (request.headers["Upload-Metadata"] ?? "").split(",").map((pair) => {
        const [key = "", value = ""] = pair.split(" ");
        return [key, new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)))];
      }),
    );
    const id = `upload${this.nextId++}`;
    this.uploads.set(id, { length: Number(request.headers["Upload-Length"]), metadata, bytes: [], offset: 0 });
    return response(201, { Location: `/api/v1/uploads/${id}` });
  }

  private async append(upload: StoredUpload, request: TusRequest): Promise<TusResponse> {
    if (Number(request.headers["Upload-Offset"]) !== upload.offset) return response(409);
    if (request.headers["Content-Type"] !== "application/offset+octet-stream") return response(415);
    const body = new Uint8Array(await (request.body as Blob).arrayBuffer());
    this.patchSizes.push(body.length);
    const fault = this.faults.get(++this.patches);
    if (fault?.kind === "status") return response(fault.status, {}, fault.body ? JSON.stringify(fault.body) : "");
    if (fault?.kind === "drop") {
      // Part of the chunk made it to disk before the connection went: the next HEAD will say so.
      upload.bytes.push(body.subarray(0, fault.afterBytes));
      upload.offset += fault.afterBytes;
      throw new NetworkError("dropped");
    }
    if (fault?.kind === "hold") {
      request.onUploadProgress?.(Math.floor(body.length / 2));
      await new Promise<void>((resolve, reject) => {
        void fault.release.then(resolve);
        request.signal.addEventListener("abort", () => reject(abortError()), { once: true });
      });
    }
    request.onUploadProgress?.(body.length);
    upload.bytes.push(body);
    upload.offset += body.length;
    return response(204, { "Upload-Offset": String(upload.offset) });
  }
}

/**
 * An XMLHttpRequest that talks to a TestTusServer, for component tests: the browser API is the
 * boundary replaced here, as fetch is by api-mock.ts.
 */
export function xhrFor(server: TestTusServer) {
  return class TestXMLHttpRequest {
    status = 0;
    responseText = "";
    readonly upload = new EventTarget();
    private readonly events = new EventTarget();
    private method: TusRequest["method"] = "POST";
    private url = "";
    private headers: Record<string, string> = {};
    private answer: TusResponse | undefined;
    private readonly controller = new AbortController();

    open(method: TusRequest["method"], url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    addEventListener(type: string, listener: EventListener) {
      this.events.addEventListener(type, listener);
    }
    getResponseHeader(name: string) {
      return this.answer?.header(name) ?? null;
    }
    abort() {
      this.controller.abort();
    }
    send(body: Blob | null) {
      server
        .handle({
          method: this.method,
          url: this.url,
          headers: this.headers,
          body: body ?? undefined,
          signal: this.controller.signal,
          onUploadProgress: (loaded) => this.upload.dispatchEvent(Object.assign(new Event("progress"), { loaded })),
        })
        .then(
          (answer) => {
            this.answer = answer;
            this.status = answer.status;
            this.responseText = answer.text;
            this.events.dispatchEvent(new Event("load"));
          },
          (error: unknown) => {
            const aborted = error instanceof DOMException && error.name === "AbortError";
            this.events.dispatchEvent(new Event(aborted ? "abort" : "error"));
          },
        );
    }
  };
}
