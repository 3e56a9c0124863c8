import { execFileSync } from "node:child_process";
import { join } from "node:path";

/** The `quire` command on the e2e server's data, as an operator runs it. */
export function quire(...args: string[]): string {
  return execFileSync("node", ["--import", "tsx", "../apps/server/src/cli.ts", ...args], {
    cwd: join(import.meta.dirname, ".."),
    env: { ...process.env, QUIRE_DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
}
