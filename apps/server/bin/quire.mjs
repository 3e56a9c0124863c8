#!/usr/bin/env node
// The `quire` command: runs the TypeScript CLI through tsx's loader.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const cli = join(dirname(fileURLToPath(import.meta.url)), "../src/cli.ts");
const result = spawnSync(process.execPath, ["--import", "tsx", cli, ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
