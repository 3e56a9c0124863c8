import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const CLI = join(import.meta.dirname, "../src/cli.ts");

export interface ServerProcess {
  readonly url: string;
  /** Its QUIRE_DATA_DIR (removed on stop), for a CLI command to work on the same data. */
  readonly dataDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/**
 * A real `quire start` process (production mode, no demo seed, its own data directory) on a free port,
 * for tests that need more than one server process; resolves once /api/v1/health answers.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), "quire-process-"));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", CLI, "start"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      QUIRE_PUBLIC_URL: `http://127.0.0.1:${port}`,
      QUIRE_DATA_DIR: dataDir,
      QUIRE_SEED_DEMO: "never",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server process exited: ${stderr}`);
    const ok = await fetch(`${url}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server process did not come up in 60 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dataDir,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
