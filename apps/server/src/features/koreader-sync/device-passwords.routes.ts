import { devicePasswordsContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { perUserRateLimit } from "../../infra/per-user-rate-limit";
import { requireSessionFirst, requireViewer } from "../../shared/session";
import type { DevicePasswordsService } from "./device-passwords.service";

/** Passwords one user may create per minute: each costs an argon2 hash. */
const CREATES_PER_MINUTE = 20;

/** The signed-in reader's own device passwords: no user id in the path, another's id is not found. */
export const devicePasswordsRoutes: FastifyPluginAsyncZod<{ service: DevicePasswordsService }> = async (
  app,
  { service },
) => {
  app.addHook("preValidation", requireSessionFirst("notLoggedIn"));
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  route(app, c["me.devicePasswords"], async (request) => service.list(requireViewer(request, "notLoggedIn").userId));
  route(app, c["me.createDevicePassword"], { config: perUserRateLimit(CREATES_PER_MINUTE) }, async (request) =>
    service.create(requireViewer(request, "notLoggedIn").userId, request.body.name),
  );
  route(app, c["me.deleteDevicePassword"], async (request) => {
    await service.revoke(requireViewer(request, "notLoggedIn").userId, request.params.id);
  });
};
