import {
  AppError,
  chunkEnd,
  isWithinUploadRetryTime,
  nextChunkSize,
  UPLOAD_CHUNK_START_BYTES,
  uploadRetryDelayMs,
} from "@quire/core";
import { siteUrl } from "../../lib/native/config";
import { NetworkError, type TusRequest, type TusResponse, type TusTransport, xhrTransport } from "./tus-transport";

/** SPEC §4 file upload states. */
export type UploadState = "running" | "paused" | "success" | "canceled" | "error";

export interface ResumableUploadOptions {
  /** The tus creation URL (`/api/v1/uploads`). */
  endpoint: string;
  file: Blob;
  /** Sent as Upload-Metadata (values base64-encoded here). */
  metadata: Record<string, string>;
  transport?: TusTransport;
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  onStateChange?: (state: UploadState) => void;
  /** The upload's id once every byte is on the server. */
  onSuccess?: (uploadId: string) => void;
  onError?: (error: AppError) => void;
  now?: () => number;
  random?: () => number;
}

const TUS_VERSION = "1.0.0";

/** Answers worth trying again: no answer, a timeout, a busy or failing server, a lock held by a dying request. */
function isRetryable(status: number): boolean {
  return status === 408 || status === 423 || status === 429 || status >= 500;
}

class HttpFailure extends Error {
  constructor(
    readonly response: TusResponse,
    /** An answer that waiting will not change soon, such as the per-user cap on unfinished uploads. */
    readonly final = false,
  ) {
    super(`Upload request failed with ${response.status}`);
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

function encodeMetadata(metadata: Record<string, string>): string {
  const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${base64(value)}`)
    .join(",");
}

function toAppError(error: unknown): AppError {
  if (error instanceof HttpFailure) {
    let body: unknown;
    try {
      body = JSON.parse(error.response.text);
    } catch {
      body = undefined;
    }
    return AppError.fromResponseBody(error.response.status, body);
  }
  if (error instanceof NetworkError) return AppError.of("connectionFailed", { cause: error });
  return AppError.of("internal", { cause: error });
}

/**
 * A tus 1.0 client (creation, PATCH, HEAD to resume, DELETE to cancel) whose chunks follow SPEC §9:
 * 256 KB first, doubling after each chunk that arrives while under 32 MB, back to 256 KB after a
 * failure. Failures without a final answer are retried with a backoff capped at 64 s, for at most
 * 10 minutes after the first of them; before continuing it asks the server where the upload stands.
 */
export class ResumableUpload {
  state: UploadState | "idle" = "idle";
  /** Bytes the server has confirmed. */
  offset = 0;
  private uploadUrl: string | undefined;
  private chunkSize = UPLOAD_CHUNK_START_BYTES;
  private controller: AbortController | undefined;
  private readonly transport: TusTransport;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly options: ResumableUploadOptions) {
    this.transport = options.transport ?? xhrTransport;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  /** Starts, or resumes after a pause or an error. */
  start(): void {
    if (this.state === "running" || this.state === "success" || this.state === "canceled") return;
    const controller = new AbortController();
    this.controller = controller;
    this.setState("running");
    void this.run(controller.signal);
  }

  /** Stops sending; what reached the server stays there for `start()` to continue from. */
  pause(): void {
    if (this.state !== "running") return;
    this.controller?.abort();
    this.setState("paused");
  }

  /** Stops for good and asks the server to drop what it has (best effort: it expires anyway). */
  async cancel(): Promise<void> {
    if (this.state === "success" || this.state === "canceled") return;
    this.controller?.abort();
    this.setState("canceled");
    if (!this.uploadUrl) return;
    try {
      await this.transport({
        method: "DELETE",
        url: this.uploadUrl,
        headers: { "Tus-Resumable": TUS_VERSION },
        signal: new AbortController().signal,
      });
    } catch {
      // Nothing to tell anyone: the user asked to stop, and the server forgets unfinished uploads.
    }
  }

  private setState(state: UploadState): void {
    this.state = state;
    this.options.onStateChange?.(state);
  }

  private async run(signal: AbortSignal): Promise<void> {
    let firstFailureAt: number | undefined;
    let attempt = 0;
    // After a pause or a failure the server may hold more (or, after an interrupted chunk, less) than we think.
    let mustAskOffset = this.uploadUrl !== undefined;
    for (;;) {
      try {
        if (!this.uploadUrl) await this.create(signal);
        else if (mustAskOffset) await this.askOffset(signal);
        mustAskOffset = false;
        while (this.offset < this.options.file.size) {
          await this.sendChunk(signal);
          firstFailureAt = undefined;
          attempt = 0;
        }
        // The last answer may have crossed a pause; the run that resumes will find the upload complete.
        if (signal.aborted) return;
        const id = decodeURIComponent(this.uploadUrl?.split("/").pop() ?? "");
        this.setState("success");
        this.options.onSuccess?.(id);
        return;
      } catch (error) {
        if (signal.aborted || isAbort(error)) return;
        const status = error instanceof HttpFailure ? error.response.status : 0;
        const delay = uploadRetryDelayMs(attempt, this.random());
        firstFailureAt ??= this.now();
        const final = error instanceof HttpFailure && error.final;
        const retry =
          !final &&
          (error instanceof NetworkError || isRetryable(status) || status === 409) &&
          isWithinUploadRetryTime(firstFailureAt, this.now(), delay);
        if (!retry) {
          this.setState("error");
          this.options.onError?.(toAppError(error));
          return;
        }
        this.chunkSize = nextChunkSize(this.chunkSize, false);
        mustAskOffset = true;
        attempt++;
        if (!(await this.wait(delay, signal))) return;
      }
    }
  }

  private send(request: Omit<TusRequest, "signal">, signal: AbortSignal): Promise<TusResponse> {
    return this.transport({ ...request, headers: { "Tus-Resumable": TUS_VERSION, ...request.headers }, signal });
  }

  private async create(signal: AbortSignal): Promise<void> {
    const response = await this.send(
      {
        method: "POST",
        url: this.options.endpoint,
        headers: {
          "Upload-Length": String(this.options.file.size),
          "Upload-Metadata": encodeMetadata(this.options.metadata),
        },
      },
      signal,
    );
    const location = response.header("Location");
    // A refused start (too many unfinished uploads, or too many starts) is the reader's to act on: say it now.
    if (response.status === 429) throw new HttpFailure(response, true);
    if (response.status !== 201 || !location) throw new HttpFailure(response);
    // The app's page is on localhost, so a relative Location is resolved against the site; the transport adds it back.
    this.uploadUrl = new URL(location, siteUrl(this.options.endpoint)).pathname;
    this.offset = 0;
    this.report(0);
  }

  /** HEAD: where the server's copy ends. An upload it no longer has is started over. */
  private async askOffset(signal: AbortSignal): Promise<void> {
    const response = await this.send({ method: "HEAD", url: this.uploadUrl as string, headers: {} }, signal);
    if (response.status === 404 || response.status === 410) {
      this.uploadUrl = undefined;
      await this.create(signal);
      return;
    }
    const offset = Number(response.header("Upload-Offset"));
    if (response.status !== 200 || !Number.isSafeInteger(offset)) throw new HttpFailure(response);
    this.offset = offset;
    this.report(0);
  }

  private async sendChunk(signal: AbortSignal): Promise<void> {
    const { file } = this.options;
    const start = this.offset;
    const end = chunkEnd(start, this.chunkSize, file.size);
    const response = await this.send(
      {
        method: "PATCH",
        url: this.uploadUrl as string,
        headers: { "Upload-Offset": String(start), "Content-Type": "application/offset+octet-stream" },
        body: file.slice(start, end),
        onUploadProgress: (loaded) => this.report(Math.min(loaded, end - start)),
      },
      signal,
    );
    const offset = Number(response.header("Upload-Offset"));
    if (response.status !== 204 || !Number.isSafeInteger(offset)) throw new HttpFailure(response);
    this.offset = offset;
    this.chunkSize = nextChunkSize(this.chunkSize, true);
    this.report(0);
  }

  private report(inFlight: number): void {
    this.options.onProgress?.(this.offset + inFlight, this.options.file.size);
  }

  /** Resolves true after `ms`, or false as soon as the upload is paused or canceled. */
  private wait(ms: number, signal: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      if (signal.aborted) {
        resolve(false);
        return;
      }
      const timer = setTimeout(() => {
        signal.removeEventListener("abort", onAbort);
        resolve(true);
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        resolve(false);
      };
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }
}
