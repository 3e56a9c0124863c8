import { defineConfig } from "vitest/config";

/** One run, three projects; the test tier is told by the file suffix (.test, .db.test, .api.test). */
export default defineConfig({
  test: {
    projects: [
      { test: { name: "core", root: "packages/core", include: ["src/**/*.test.ts"] } },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      "apps/web",
    ],
  },
});
