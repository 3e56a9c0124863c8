import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";

/** The key pair s3rver documents for clients that must sign. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
export const TEST_BUCKET = "quire-test";

export interface TestS3Server {
  /** `http://127.0.0.1:<port>`, for S3_ENDPOINT; buckets are addressed by path. */
  readonly endpoint: string;
  /** The same settings as environment variables, for `useTestApp`'s env option. */
  env(): Record<string, string>;
}

const S3RVER_CLI = createRequire(import.meta.url).resolve("s3rver/bin/s3rver.js");

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1, a free port and a temporary folder, with TEST_BUCKET made.
 * It runs in its own Node process because it encrypts list continuation tokens with DES, which OpenSSL 3 only
 * offers behind --openssl-legacy-provider; in-process, every truncated listing would fail with a 500.
 */
export function useTestS3Server(): TestS3Server {
  let child: ChildProcess | undefined;
  let directory: string | undefined;
  let endpoint: string | undefined;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "quire-s3-"));
    const args = ["-d", directory, "-a", "127.0.0.1", "-p", "0", "--silent", "--configure-bucket", TEST_BUCKET];
    const server = spawn(process.execPath, ["--openssl-legacy-provider", S3RVER_CLI, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = server;
    endpoint = await new Promise<string>((resolve, reject) => {
      let output = "";
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        const port = /listening on [^\s:]+:(\d+)/.exec(output)?.[1];
        if (port) resolve(`http://127.0.0.1:${port}`);
      };
      server.stdout?.on("data", collect);
      server.stderr?.on("data", collect);
      server.once("error", reject);
      server.once("exit", (code) => reject(new Error(`s3rver exited with ${code}: ${output}`)));
    });
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once("exit", resolve));
      child.kill();
      await exited;
    }
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  const started = () => {
    if (!endpoint) throw new Error("The test S3 server is used before beforeAll ran");
    return endpoint;
  };
  return {
    get endpoint() {
      return started();
    },
    env: () => ({
      QUIRE_STORAGE: "s3",
      S3_ENDPOINT: started(),
      S3_BUCKET: TEST_BUCKET,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    }),
  };
}
