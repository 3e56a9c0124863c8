import { AppError } from "@quire/core";
import type { FastifyError, FastifyPluginAsync, FastifyRequest } from "fastify";
import type { PublicOrigin } from "../../infra/public-origin";
import type { DevicePasswordsService } from "./device-passwords.service";
import { KosyncError, type KosyncProgressPut, type KosyncService } from "./kosync.service";

export interface KosyncRouteOptions {
  service: KosyncService;
  devicePasswords: DevicePasswordsService;
  publicOrigin: PublicOrigin;
  /** Requests per IP per minute: KOReader syncs on opening, closing and every few pages. */
  perIpPerMinute: number;
}

export const KOSYNC_PREFIX = "/kosync";

const UNAUTHORIZED = new KosyncError(401, 2001, "Unauthorized");
const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === "string" ? value : undefined;
};

/**
 * The KOReader sync protocol (koreader-sync-server's API, `Accept: application/vnd.koreader.v1+json`) under
 * /kosync, answering its status codes and `{ code, message }` bodies. KOReader signs in with the Quire
 * username (`x-auth-user`) and the MD5 of a device password (`x-auth-key`); accounts are made on Quire.
 * Not part of the OpenAPI document: the protocol is KOReader's.
 */
export const kosyncRoutes: FastifyPluginAsync<KosyncRouteOptions> = async (app, options) => {
  const { service, devicePasswords, publicOrigin } = options;
  const config = { rateLimit: { max: options.perIpPerMinute, timeWindow: "1 minute" } };
  const schema = { hide: true };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    reply.header("cache-control", "no-store");
    if (error instanceof KosyncError)
      return reply.status(error.status).send({ code: error.code, message: error.message });
    if (error.statusCode === 429 || (error instanceof AppError && error.code === "resource-exhausted")) {
      return reply.status(429).send({ message: "Too many requests. Please try again later." });
    }
    // A body KOReader would never send (not JSON, too large) is the reference server's "Invalid request".
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(403).send({ code: 2003, message: "Invalid request" });
    }
    request.log.error({ err: error }, "KOReader sync failed");
    return reply.status(502).send({ code: 2000, message: "Unknown server error." });
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  const viewer = async (request: FastifyRequest): Promise<string> => {
    const userId = await devicePasswords.authenticate(header(request, "x-auth-user"), header(request, "x-auth-key"));
    if (!userId) throw UNAUTHORIZED;
    return userId;
  };

  app.post(`${KOSYNC_PREFIX}/users/create`, { schema, config }, async (request) => {
    const origin = publicOrigin(request);
    throw new KosyncError(
      402,
      2005,
      `Accounts are made on Quire: sign up at ${origin}/auth/sign-up, then create a device password in ` +
        "Settings → Devices and log in here with your Quire username and that password.",
    );
  });

  app.get(`${KOSYNC_PREFIX}/users/auth`, { schema, config }, async (request) => {
    await viewer(request);
    return { authorized: "OK" };
  });

  app.put(`${KOSYNC_PREFIX}/syncs/progress`, { schema, config }, async (request) => {
    const userId = await viewer(request);
    return service.put(userId, (request.body ?? {}) as KosyncProgressPut);
  });

  app.get<{ Params: { document: string } }>(
    `${KOSYNC_PREFIX}/syncs/progress/:document`,
    { schema, config },
    async (request) => service.get(await viewer(request), request.params.document),
  );

  app.get(`${KOSYNC_PREFIX}/healthcheck`, { schema, config }, async () => ({ state: "OK" }));
};
