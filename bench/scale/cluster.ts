/**
 * The scale bench's balancer when nginx is not installed: Node's cluster module forks `quire start` N times
 * (`node --import tsx cluster.ts N`, PORT and the rest from the environment); the workers share the port and
 * the primary hands connections out round robin.
 */
import cluster from "node:cluster";
import { join } from "node:path";

const workers = Number(process.argv[2] ?? 2);
cluster.setupPrimary({
  exec: join(import.meta.dirname, "../../apps/server/src/cli.ts"),
  args: ["start"],
  execArgv: ["--import", "tsx"],
});
for (let i = 0; i < workers; i += 1) cluster.fork();
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  });
