import rateLimit from "@fastify/rate-limit";
import { ApiErrorBodySchema, pushContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { perUserRateLimit } from "../../infra/per-user-rate-limit";
import { operation } from "../../openapi-operation";
import { requireViewer } from "../auth/session";
import type { PushService } from "./push.service";

export interface PushRouteOptions {
  service: PushService;
  vapidPublicKey: string;
  /** Registration writes per signed-in user per minute. */
  writesPerMinute: number;
}

const errors = { 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 404: ApiErrorBodySchema, 429: ApiErrorBodySchema };

/** The VAPID public key, the caller's browser registrations, and their notification preferences. */
export const pushRoutes: FastifyPluginAsyncZod<PushRouteOptions> = async (
  app,
  { service, vapidPublicKey, writesPerMinute },
) => {
  await app.register(rateLimit, { global: false });
  // A browser writes its registration on subscribe and about weekly after.
  const limited = perUserRateLimit(writesPerMinute);

  app.get(
    c["push.vapidPublicKey"].path,
    { schema: { ...operation("push.vapidPublicKey"), response: { 200: c["push.vapidPublicKey"].response } } },
    async () => ({ publicKey: vapidPublicKey }),
  );

  app.post(
    c["push.register"].path,
    {
      config: limited,
      schema: {
        ...operation("push.register"),
        body: c["push.register"].body,
        response: { 201: c["push.register"].response, ...errors },
      },
    },
    async (request, reply) => {
      const registration = await service.register(requireViewer(request).userId, request.body);
      return reply.code(201).send(registration);
    },
  );

  app.patch(
    c["push.update"].path,
    {
      config: limited,
      schema: {
        ...operation("push.update"),
        params: c["push.update"].params,
        body: c["push.update"].body,
        response: { 200: c["push.update"].response, ...errors },
      },
    },
    async (request) => service.update(requireViewer(request).userId, request.params.id, request.body),
  );

  app.delete(
    c["push.unregister"].path,
    {
      config: limited,
      schema: {
        ...operation("push.unregister"),
        params: c["push.unregister"].params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.unregister(requireViewer(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    c["me.notificationPreferences"].path,
    {
      schema: {
        ...operation("me.notificationPreferences"),
        response: { 200: c["me.notificationPreferences"].response, 401: ApiErrorBodySchema },
      },
    },
    async (request) => service.preferences(requireViewer(request).userId),
  );

  app.put(
    c["me.updateNotificationPreferences"].path,
    {
      schema: {
        ...operation("me.updateNotificationPreferences"),
        body: c["me.updateNotificationPreferences"].body,
        response: {
          200: c["me.updateNotificationPreferences"].response,
          400: ApiErrorBodySchema,
          401: ApiErrorBodySchema,
        },
      },
    },
    async (request) => service.updatePreferences(requireViewer(request).userId, request.body),
  );
};
