// The boundary rules fire: dependency-cruiser, with the project's own config, must report each deliberate
// breach in scripts/boundaries-fixture and nothing else (its gamma feature and shared/label.ts keep every rule).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { ROOT } from "./lib.mjs";

const FIXTURE = "scripts/boundaries-fixture/";

function violations() {
  const output = execFileSync(
    process.execPath,
    [
      join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs"),
      FIXTURE,
      "--config",
      ".dependency-cruiser.cjs",
      "--output-type",
      "json",
    ],
    { cwd: ROOT, encoding: "utf8" },
  );
  const local = (path) => path.replace(FIXTURE, "").replace(/^node_modules\/kysely\/.*/, "kysely");
  return JSON.parse(output)
    .summary.violations.map(({ rule, from, to }) => `${rule.name}: ${local(from)} → ${local(to)}`)
    .sort();
}

test("dependency-cruiser reports every deliberate breach of the boundaries, and only those", () => {
  assert.deepEqual(violations(), [
    "core-imports-no-app: packages/core/src/leak.ts → apps/web/src/features/shelf/shelf.ts",
    "database-handle-in-composition: apps/server/src/features/alpha/alpha.service.ts → apps/server/src/db/database.ts",
    "feature-public-surface: apps/server/src/features/alpha/alpha.service.ts → apps/server/src/features/beta/beta.internal.ts",
    "no-circular: apps/server/src/shared/ping.ts → apps/server/src/shared/pong.ts",
    "no-feature-cycles: apps/server/src/features/alpha → apps/server/src/features/beta",
    "no-feature-cycles: apps/server/src/features/beta → apps/server/src/features/alpha",
    "shared-imports-no-feature: apps/server/src/shared/reaches-up.ts → apps/server/src/features/gamma/gamma.service.ts",
    "sql-only-in-repositories: apps/server/src/features/alpha/alpha.service.ts → kysely",
    "web-imports-no-server: apps/web/src/features/shelf/shelf.ts → apps/server/src/shared/label.ts",
  ]);
});

const QUERY_BUILDER = /\.(selectFrom|updateTable|insertInto|deleteFrom)\(|\bsql`/;

/** Server source outside repositories, db/ and tests: where no statement may be written. */
function serviceFiles(dir = join(ROOT, "apps/server/src")) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "db" ? [] : serviceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(test|repository)\.ts$/.test(entry.name) ? [path] : [];
  });
}

// The import rule cannot see a statement built on a handle passed in as a value; this reads the code itself.
test("no query-builder statement outside repositories and db/", () => {
  const offenders = serviceFiles().flatMap((path) =>
    readFileSync(path, "utf8")
      .split("\n")
      .flatMap((line, index) => (QUERY_BUILDER.test(line) ? [`${relative(ROOT, path)}:${index + 1}`] : [])),
  );
  assert.deepEqual(offenders, []);
});
