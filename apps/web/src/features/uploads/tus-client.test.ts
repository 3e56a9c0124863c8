import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TestTusServer } from "./test-tus-server";
import { ResumableUpload, type UploadState } from "./tus-client";

const KB = 1024;
const MB = 1024 * KB;

/** A file whose every byte is known, so the server's copy can be compared byte for byte. */
function fileOf(size: number): Blob {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 10)) % 251;
  return new Blob([bytes]);
}

/** Byte for byte, without a deep-equality diff of megabytes. */
async function sameBytes(received: Uint8Array, file: Blob): Promise<boolean> {
  const sent = new Uint8Array(await file.arrayBuffer());
  return received.length === sent.length && received.every((byte, i) => byte === sent[i]);
}

function startUpload(server: TestTusServer, file: Blob, metadata = { kind: "avatar", filename: "me.jpg" }) {
  const states: UploadState[] = [];
  const progress: number[] = [];
  const outcome: { id?: string; error?: { code: string; message: string } } = {};
  const upload = new ResumableUpload({
    endpoint: "/api/v1/uploads",
    file,
    metadata,
    transport: server.handle,
    random: () => 0,
    onStateChange: (state) => states.push(state),
    onProgress: (sent) => progress.push(sent),
    onSuccess: (id) => {
      outcome.id = id;
    },
    onError: (error) => {
      outcome.error = { code: error.code, message: error.message };
    },
  });
  upload.start();
  return { upload, states, progress, outcome };
}

/** Well past a first retry's 1 s wait: whatever a stopped request could still cause has happened by then. */
const aMinuteLater = () => vi.advanceTimersByTimeAsync(60_000);

describe("ResumableUpload", () => {
  let server: TestTusServer;
  beforeEach(() => {
    server = new TestTusServer();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends 256 KB, then chunks twice as large each time, and the server gets every byte", async () => {
    const file = fileOf(5 * MB);
    const { states, progress, outcome } = startUpload(server, file, { kind: "cover", filename: "Été à Paris.webp" });
    await vi.waitFor(() => expect(outcome.id).toBe("upload1"));
    expect(server.patchSizes).toEqual([256 * KB, 512 * KB, 1 * MB, 2 * MB, 5 * MB - 3.75 * MB]);
    expect(await sameBytes(server.received("upload1"), file)).toBe(true);
    expect(server.uploads.get("upload1")?.metadata).toEqual({ kind: "cover", filename: "Été à Paris.webp" });
    expect(states).toEqual(["running", "success"]);
    expect(progress.at(-1)).toBe(5 * MB);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it("caps chunks below 32 MB", async () => {
    const { outcome } = startUpload(server, fileOf(40 * MB));
    await vi.waitFor(() => expect(outcome.id).toBeDefined(), { timeout: 10_000 });
    expect(Math.max(...server.patchSizes)).toBe(16 * MB);
    expect(server.patchSizes.slice(-2)).toEqual([16 * MB, 40 * MB - 31.75 * MB]);
  });

  it("pauses mid-chunk and resumes from the offset the server reports", async () => {
    vi.useFakeTimers();
    const file = fileOf(1 * MB);
    const release = server.holdPatch(1);
    const { upload, states, outcome } = startUpload(server, file);
    await vi.waitFor(() => expect(server.patchSizes).toEqual([256 * KB]));
    upload.pause();
    release();
    expect(upload.state).toBe("paused");
    await aMinuteLater();
    expect(server.received("upload1").length).toBe(0);

    upload.start();
    await vi.waitFor(() => expect(outcome.id).toBe("upload1"));
    expect(states).toEqual(["running", "paused", "running", "success"]);
    expect(server.log).toEqual([
      "POST /api/v1/uploads",
      "PATCH /api/v1/uploads/upload1",
      "HEAD /api/v1/uploads/upload1",
      "PATCH /api/v1/uploads/upload1",
      "PATCH /api/v1/uploads/upload1",
      "PATCH /api/v1/uploads/upload1",
    ]);
    expect(await sameBytes(server.received("upload1"), file)).toBe(true);
  });

  it("after a dropped connection waits, asks the offset, and starts again at 256 KB", async () => {
    vi.useFakeTimers();
    const file = fileOf(2 * MB);
    // The first chunk arrives, the second (512 KB) is cut after 100 KB.
    server.failPatch(2, { kind: "drop", afterBytes: 100 * KB });
    const { outcome, upload } = startUpload(server, file);
    // Let the requests run without moving the clock (vi.waitFor would advance fake timers).
    for (let turn = 0; turn < 100 && server.patchSizes.length < 2; turn++) await vi.advanceTimersByTimeAsync(0);
    expect(server.patchSizes).toEqual([256 * KB, 512 * KB]);
    await vi.advanceTimersByTimeAsync(999);
    expect(server.log.filter((line) => line.startsWith("HEAD"))).toEqual([]);
    expect(upload.state).toBe("running");
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(outcome.id).toBe("upload1"));
    expect(server.log.filter((line) => line.startsWith("HEAD"))).toHaveLength(1);
    // 356 KB were kept; then 256 KB and 512 KB again, and the last 924 KB in what would have been 1 MB.
    expect(server.patchSizes).toEqual([256 * KB, 512 * KB, 256 * KB, 512 * KB, 2 * MB - 356 * KB - 768 * KB]);
    expect(await sameBytes(server.received("upload1"), file)).toBe(true);
  });

  it("backs off 1, 2, 4 … 64 s on server errors and gives up 10 minutes after the first", async () => {
    vi.useFakeTimers();
    for (let patch = 2; patch < 40; patch++) {
      server.failPatch(patch, {
        kind: "status",
        status: 503,
        body: { error: { code: "unavailable", message: "Busy." } },
      });
    }
    const patchTimes: number[] = [];
    const start = Date.now();
    const { outcome, states } = startUpload(
      {
        ...server,
        handle: async (request) => {
          if (request.method === "PATCH") patchTimes.push(Date.now() - start);
          return server.handle(request);
        },
      } as TestTusServer,
      fileOf(512 * KB),
    );
    await vi.advanceTimersByTimeAsync(11 * 60_000);
    expect(outcome.error).toEqual({ code: "unavailable", message: "Busy." });
    expect(states.at(-1)).toBe("error");
    const gaps = patchTimes.map((time, i) => time - (patchTimes[i - 1] ?? 0));
    // The first PATCH goes at once and arrives; the second fails at once; then the waits before each retry.
    expect(gaps.slice(2, 10)).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 64_000, 64_000]);
    expect(patchTimes.at(-1)).toBeLessThanOrEqual(10 * 60_000);
  });

  it("does not retry a refusal: the server's message becomes the error", async () => {
    server.creationAnswer = {
      status: 401,
      body: { error: { code: "unauthenticated", message: "No user logged in." } },
    };
    const { outcome, states } = startUpload(server, fileOf(300 * KB));
    await vi.waitFor(() => expect(outcome.error).toEqual({ code: "unauthenticated", message: "No user logged in." }));
    expect(states).toEqual(["running", "error"]);
    expect(server.log).toEqual(["POST /api/v1/uploads"]);
  });

  it("says at once when the server refuses to start another upload (a quota), instead of retrying for minutes", async () => {
    const message = "You have 3 unfinished uploads. Finish or cancel one before starting another.";
    server.creationAnswer = { status: 429, body: { error: { code: "resource-exhausted", message } } };
    const { outcome, states } = startUpload(server, fileOf(300 * KB));
    await vi.waitFor(() => expect(outcome.error).toEqual({ code: "resource-exhausted", message }));
    expect(states).toEqual(["running", "error"]);
    expect(server.log).toEqual(["POST /api/v1/uploads"]);
  });

  it("cancels: the request in flight stops and the server is told to forget the upload", async () => {
    vi.useFakeTimers();
    const release = server.holdPatch(1);
    const { upload, states, outcome } = startUpload(server, fileOf(600 * KB));
    await vi.waitFor(() => expect(server.patchSizes).toHaveLength(1));
    await upload.cancel();
    release();
    await aMinuteLater();
    expect(states).toEqual(["running", "canceled"]);
    expect(server.log.at(-1)).toBe("DELETE /api/v1/uploads/upload1");
    expect(server.uploads.size).toBe(0);
    expect(outcome).toEqual({});
    upload.start();
    expect(upload.state).toBe("canceled");
  });

  it("in the app, follows an absolute Location on the public origin as a path the transport sends there", async () => {
    vi.stubGlobal("Capacitor", { isNativePlatform: () => true, getPlatform: () => "ios" });
    vi.stubEnv("VITE_QUIRE_ORIGIN", "https://quire.example");
    const urls: string[] = [];
    const absolute = async (request: Parameters<typeof server.handle>[0]) => {
      urls.push(request.url);
      const answer = await server.handle(request);
      const location = answer.header("Location");
      return location
        ? {
            ...answer,
            header: (name: string) => (name === "Location" ? `https://quire.example${location}` : answer.header(name)),
          }
        : answer;
    };
    try {
      const outcome: { id?: string } = {};
      new ResumableUpload({
        endpoint: "/api/v1/uploads",
        file: fileOf(10 * KB),
        metadata: { kind: "avatar", filename: "me.jpg" },
        transport: absolute,
        onSuccess: (id) => {
          outcome.id = id;
        },
      }).start();
      await vi.waitFor(() => expect(outcome.id).toBe("upload1"));
      expect(urls).toEqual(["/api/v1/uploads", "/api/v1/uploads/upload1"]);
    } finally {
      vi.unstubAllGlobals();
      vi.unstubAllEnvs();
    }
  });
});
