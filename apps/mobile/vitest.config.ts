import { defineConfig } from "vitest/config";

// Not one of the root projects: these tests check what `npm run mobile:sync` wrote, so npm test runs them after it.
export default defineConfig({
  test: { name: "mobile", root: import.meta.dirname, include: ["test/**/*.test.ts"], testTimeout: 30_000 },
});
