// `npm start`: install what is missing, build the web app, then migrate, seed (first run) and serve.
import { spawn } from "node:child_process";
import { ensureDependencies, ROOT } from "./lib.mjs";
import { buildWebIfStale } from "./web-build.mjs";

await ensureDependencies();
const buildCode = await buildWebIfStale();
if (buildCode !== 0) {
  console.error("The web app failed to build.");
  process.exit(buildCode);
}

const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/cli.ts", "start"], {
  cwd: ROOT,
  stdio: "inherit",
  // A local demo: links in emails point at this machine and the outbox is readable at /dev/mail.
  // A public deployment sets QUIRE_PUBLIC_URL (and SMTP_URL) itself.
  env: {
    NODE_ENV: "production",
    QUIRE_PUBLIC_URL: `http://localhost:${process.env.PORT ?? 3000}`,
    QUIRE_DEV_MAIL: "on",
    ...process.env,
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
