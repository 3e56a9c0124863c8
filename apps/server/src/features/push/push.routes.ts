import { pushContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import { perUserRateLimit } from "../../infra/per-user-rate-limit";
import { requireViewer } from "../../shared/session";
import type { PushService } from "./push.service";

export interface PushRouteOptions {
  service: PushService;
  vapidPublicKey: string;
  /** Registration writes per signed-in user per minute. */
  writesPerMinute: number;
}

/** The VAPID public key, the caller's browser registrations, and their notification preferences. */
export const pushRoutes: FastifyPluginAsyncZod<PushRouteOptions> = async (
  app,
  { service, vapidPublicKey, writesPerMinute },
) => {
  // A browser writes its registration on subscribe and about weekly after.
  const limited = { config: perUserRateLimit(writesPerMinute) };

  route(app, c["push.vapidPublicKey"], async () => ({ publicKey: vapidPublicKey }));
  route(app, c["push.register"], limited, async (request) =>
    service.register(requireViewer(request).userId, request.body),
  );
  route(app, c["push.update"], limited, async (request) =>
    service.update(requireViewer(request).userId, request.params.id, request.body),
  );
  route(app, c["push.unregister"], limited, async (request) => {
    await service.unregister(requireViewer(request).userId, request.params.id);
  });
  route(app, c["me.notificationPreferences"], async (request) => service.preferences(requireViewer(request).userId));
  route(app, c["me.updateNotificationPreferences"], async (request) =>
    service.updatePreferences(requireViewer(request).userId, request.body),
  );
};
