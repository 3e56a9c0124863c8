import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Runs axe-core in the page (evaluate is not subject to the page's CSP) and fails on serious or critical findings. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run();
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.slice(0, 3).map((n) => ({ target: n.target })),
    }));
  });
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/** Console warnings that speak of hydration (React's production builds report mismatches as errors #418/#419/#423). */
export function collectHydrationWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning" && /hydrat/i.test(message.text())) warnings.push(message.text());
  });
  return warnings;
}

/** Collects console errors and uncaught exceptions (CSP violations show up here too). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/**
 * Console errors that are the app's own: Playwright's trace recorder tries to run its snapshot script
 * in every frame, and the reader's sandbox refuses it in the chapter frames (which is the point of it).
 */
export const ownErrors = (errors: string[]) =>
  errors.filter((error) => !/Blocked script execution in 'about:srcdoc'/.test(error));

/** The paths of the GETs the page sends from now on; empty it before each visit. */
export function collectGetPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET") paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/** A server-rendered page hands its reads to the app: once it has settled, none of them was fetched again. */
export async function expectNotFetchedAgain(page: Page, requested: string[], answered: string[], label: string) {
  await page.waitForLoadState("networkidle");
  expect(
    requested.filter((pathname) => answered.includes(pathname)),
    label,
  ).toEqual([]);
}
