// Type-checks every workspace with its own tsconfig; exits non-zero on the first failure.
import { execFileSync } from "node:child_process";

const projects = ["packages/core", "apps/server", "apps/web", "e2e", "bench"];
for (const project of projects) {
  process.stdout.write(`tsc ${project}\n`);
  execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "--noEmit", "-p", project], { stdio: "inherit" });
}
