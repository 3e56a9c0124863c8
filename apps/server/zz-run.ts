import { buildApp } from "/work/main/apps/server/src/app";
import { loadConfig } from "/work/main/apps/server/src/config";
import { createContext } from "/work/main/apps/server/src/context";

const config = loadConfig({
  QUIRE_DATA_DIR: process.env.PROF_DIR ?? "/tmp/qs",
  LOG_LEVEL: "silent",
  NODE_ENV: "production",
  QUIRE_PUBLIC_CACHE_TTL_MS: "0",
});
const ctx = createContext(config);
const app = await buildApp(ctx);
await app.ready();
const url = process.argv[2] ?? "/api/v1/genres";
for (let i = 0; i < 500; i++) await app.inject({ method: "GET", url });
const s = performance.now();
const n = 5000;
for (let i = 0; i < n; i++) await app.inject({ method: "GET", url });
console.log(url, (((performance.now() - s) / n) * 1000).toFixed(1), "µs/inject");
await app.close();
