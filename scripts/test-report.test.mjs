// `node --test scripts/`: the counting rules npm test's summary rests on.
import assert from "node:assert/strict";
import { test } from "node:test";
import { countVitestReport } from "./test-report.mjs";

const POSTGRES_ONLY = "shares the queue between two workers [skipped by design: PostgreSQL-only on SQLite]";
const file = (status, ...tests) => ({
  status,
  assertionResults: tests.map(([title, testStatus]) => ({ title, status: testStatus })),
});

test("a PostgreSQL-only test skipped on SQLite is reported by design, not as a failure", () => {
  const report = { testResults: [file("passed", ["one", "passed"], [POSTGRES_ONLY, "skipped"], ["two", "passed"])] };
  assert.deepEqual(countVitestReport(report, 0), {
    passed: 2,
    failed: 0,
    note: "",
    skippedByDesign: [{ reason: "PostgreSQL-only on SQLite", count: 1 }],
  });
});

test("any other skipped or todo test counts as a failure", () => {
  const report = {
    testResults: [file("passed", ["one", "passed"], ["forgotten .skip", "skipped"], ["later", "todo"])],
  };
  const counts = countVitestReport(report, 0);
  assert.equal(counts.passed, 1);
  assert.equal(counts.failed, 2);
  assert.equal(counts.note, "2 skipped tests count as failures");
  assert.deepEqual(counts.skippedByDesign, []);
});

test("the mark must end the name: a test that only mentions it is an ordinary skip", () => {
  const report = { testResults: [file("passed", ["[skipped by design: reasons] but then more", "skipped"])] };
  assert.equal(countVitestReport(report, 0).failed, 1);
});

test("a file that failed outside its tests fails even when its only test is skipped by design", () => {
  const report = { testResults: [file("failed", [POSTGRES_ONLY, "skipped"])] };
  assert.equal(countVitestReport(report, 1).failed, 1);
});

test("failed tests count once each, and a failing exit with nothing failed still fails", () => {
  const report = { testResults: [file("failed", ["broken", "failed"], ["fine", "passed"])] };
  assert.deepEqual([countVitestReport(report, 1).failed, countVitestReport({ testResults: [] }, 1).failed], [1, 1]);
});
