import { readFile } from "node:fs/promises";
import { rootCertificates } from "node:tls";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { subsystemLogger } from "../../logger";
import { PushRepository } from "./push.repository";
import { pushRoutes } from "./push.routes";
import { PushService } from "./push.service";
import { PushEndpointPolicy } from "./push-endpoint-policy";
import { PushSender } from "./push-sender";
import { loadVapidKeys } from "./vapid-keys";

declare module "fastify" {
  interface FastifyInstance {
    /** Built with the app so the event worker can nudge it; its interval is started by the server process (main). */
    pushSender: PushSender;
  }
}

/** Registration writes one user may make per minute (a browser makes one on subscribe, then about weekly). */
const WRITES_PER_USER_PER_MINUTE = 30;

/** VAPID keys, the push routes and the sender; returns the sender for the event worker to nudge. */
export async function registerPush(app: FastifyInstance, ctx: AppContext): Promise<PushSender> {
  const { push } = ctx.config;
  const keys = await loadVapidKeys(ctx.config);
  const endpoints = new PushEndpointPolicy(push);
  // Always our own agent: its lookup is what keeps the sender off private addresses.
  const agent = endpoints.agent(push.caFile ? { ca: [...rootCertificates, await readCa(push.caFile)] } : {});
  const sender = new PushSender({
    database: ctx.database,
    vapid: { ...keys, subject: push.subject },
    agent,
    endpoints,
    clock: ctx.clock,
    logger: subsystemLogger(ctx.logger, "server:push"),
  });
  app.decorate("pushSender", sender);
  app.addHook("onClose", async () => {
    await sender.stop();
    agent.destroy();
  });
  await app.register(pushRoutes, {
    service: new PushService(new PushRepository(ctx.database.db), ctx.clock, endpoints),
    vapidPublicKey: keys.publicKey,
    writesPerMinute: WRITES_PER_USER_PER_MINUTE,
  });
  return sender;
}

async function readCa(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    throw new Error(`Invalid configuration: QUIRE_PUSH_CA_FILE ${path} cannot be read (${(error as Error).message})`);
  }
}
