// Type-checks every workspace with its own tsconfig; all of them, then exits non-zero if any failed.
import { spawnSync } from "node:child_process";

const projects = ["packages/core", "apps/server", "apps/web", "apps/mobile", "e2e", "bench"];
const failed = projects.filter((project) => {
  process.stdout.write(`tsc ${project}\n`);
  const result = spawnSync(process.execPath, ["node_modules/typescript/bin/tsc", "--noEmit", "-p", project], {
    stdio: "inherit",
  });
  return result.status !== 0;
});
if (failed.length > 0) {
  console.error(`Type errors in: ${failed.join(", ")}`);
  process.exit(1);
}
