import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3199);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// "Google" for the browser tests: a real OpenID Connect provider (oidc-provider) on the next port down.
const OIDC_PORT = PORT - 1;
const GOOGLE_SECRET = "e2e-google-secret";
// A data directory of its own per run: the server migrates and seeds the demo into it, like a first `npm start`.
// Kept in the environment so the workers (which load this file again) and the specs see the same folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "quire-e2e-data-"));
const DATA_DIR = process.env.E2E_DATA_DIR;

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export default defineConfig({
  testDir: "tests",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // npm test reads the JSON report to count results; a developer running the specs sees the list only.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  // Per port: two runs side by side (different E2E_PORTs) must not clear each other's traces.
  outputDir: join(tmpdir(), `quire-e2e-results-${PORT}`),
  webServer: [
    {
      command: "node --import tsx ../apps/server/test/oidc-provider-main.ts",
      url: `http://localhost:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        OIDC_TEST_PORT: String(OIDC_PORT),
        OIDC_TEST_APP_ORIGIN: BASE_URL,
        OIDC_TEST_GOOGLE_SECRET: GOOGLE_SECRET,
      },
    },
    {
      command: "node --import tsx ../apps/server/src/cli.ts start",
      url: `${BASE_URL}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        QUIRE_DATA_DIR: DATA_DIR,
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        QUIRE_PUBLIC_URL: BASE_URL,
        GOOGLE_CLIENT_ID: "quire-google",
        GOOGLE_CLIENT_SECRET: GOOGLE_SECRET,
        GOOGLE_ISSUER: `http://localhost:${OIDC_PORT}`,
        // Every test signs in from 127.0.0.1: the per-address limit (tested by the API tests) would count the
        // whole suite as one visitor and answer 429 when tests happen to run close together.
        QUIRE_AUTH_PER_IP_PER_MINUTE: "600",
      },
    },
  ],
});
