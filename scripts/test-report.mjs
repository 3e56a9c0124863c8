// Turns vitest's JSON report into one tier's counts for `npm test`. Every skipped test is a failure, except one
// whose name ends "[skipped by design: <reason>]" (test-db.ts's itOnPostgres names a PostgreSQL-only test so on
// SQLite): those are counted per reason, on lines of their own.
const BY_DESIGN = /\[skipped by design: ([^\]]+)\]$/;
const SKIPPED = new Set(["skipped", "pending", "todo"]);

/**
 * @param {{ testResults?: { status: string, assertionResults: { title: string, status: string }[] }[] }} report
 * @param {number} exitCode vitest's exit code: a failing run with nothing else to show for it is one failure
 */
export function countVitestReport(report, exitCode) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const byDesign = new Map();
  for (const suite of report.testResults ?? []) {
    const tests = suite.assertionResults ?? [];
    // A file that failed outside its tests (an import, a beforeAll) fails even when all its tests are by-design skips.
    if (suite.status === "failed" && !tests.some((test) => test.status === "failed")) failed++;
    for (const test of tests) {
      if (test.status === "passed") passed++;
      else if (!SKIPPED.has(test.status)) failed++;
      else {
        const reason = BY_DESIGN.exec(test.title)?.[1];
        if (reason) byDesign.set(reason, (byDesign.get(reason) ?? 0) + 1);
        else skipped++;
      }
    }
  }
  failed += skipped;
  if (exitCode !== 0 && failed === 0) failed = 1;
  return {
    passed,
    failed,
    note: skipped ? `${skipped} skipped tests count as failures` : "",
    skippedByDesign: [...byDesign].map(([reason, count]) => ({ reason, count })),
  };
}
