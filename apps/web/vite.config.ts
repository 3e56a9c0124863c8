/// <reference types="vitest/config" />
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** Where `npx vite` forwards API and file requests during development. */
const API_TARGET = "http://localhost:3000";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      "/api": { target: API_TARGET, changeOrigin: false },
      "/files": { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      "/api": { target: API_TARGET, changeOrigin: false },
      "/files": { target: API_TARGET, changeOrigin: false },
    },
  },
  test: {
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    restoreMocks: true,
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Long-lived libraries every route needs, cached across deploys.
            { name: "vendor", test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/ },
            // The zod-free part of @quire/core the shell needs (constants, errors, API paths): small, eager.
            {
              name: "core-base",
              test: /packages[\\/]core[\\/]src[\\/](constants|errors|api-paths|rules[\\/]onboarding)\.ts/,
              priority: 2,
            },
            // zod and the schema side of @quire/core: only the lazily loaded screens need them. The zod-free
            // subpaths (@quire/core/constants, /errors, /api-paths, /onboarding) stay with the code that imports them.
            {
              name: "core",
              test: /node_modules[\\/]zod[\\/]|packages[\\/]core[\\/]src[\\/](index|domain|contracts|rules|pagination)/,
            },
          ],
        },
      },
    },
  },
});
