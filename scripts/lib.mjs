// Small helpers shared by the root command scripts (plain Node, no dependencies: they run before `npm install`).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

/** Runs a command with inherited output; resolves with its exit code (never rejects). */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit", ...options });
    child.on("error", (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

const MANIFESTS = [
  "package.json",
  "package-lock.json",
  "packages/core/package.json",
  "apps/server/package.json",
  "apps/web/package.json",
  "apps/mobile/package.json",
  "e2e/package.json",
  "bench/package.json",
];
const STAMP = join(ROOT, "node_modules", ".quire-deps-stamp");

function manifestsHash() {
  const hash = createHash("sha256");
  for (const file of MANIFESTS) {
    const path = join(ROOT, file);
    hash.update(file).update(existsSync(path) ? readFileSync(path) : "");
  }
  return hash.digest("hex");
}

/**
 * Installs dependencies when they are missing or the manifests changed since the last install. A fresh clone
 * gets exactly the lockfile (`npm ci`, which never rewrites it); an existing install is brought up to date with
 * `npm install`, which leaves a lockfile that matches package.json as it is.
 */
export async function ensureDependencies() {
  const wanted = manifestsHash();
  if (existsSync(STAMP) && readFileSync(STAMP, "utf8") === wanted) return;
  const args = existsSync(join(ROOT, "node_modules")) ? ["install"] : ["ci"];
  console.log(`Installing dependencies (npm ${args[0]})…`);
  const code = await run(NPM, [...args, "--no-audit", "--no-fund"]);
  if (code !== 0) throw new Error(`npm ${args[0]} failed with exit code ${code}`);
  writeFileSync(STAMP, manifestsHash());
}
