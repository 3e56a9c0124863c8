import rateLimit from "@fastify/rate-limit";
import { authContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ACCOUNT_ERROR_RESPONSES } from "../../http-errors";
import type { PublicOrigin } from "../../infra/public-origin";
import { operation } from "../../openapi-operation";
import { readCampaign } from "../campaign/campaign";
import type { AuthService } from "./auth.service";
import { clearSessionCookie, requireViewer, setSessionCookie } from "./session";

export interface AuthRouteOptions {
  service: AuthService;
  clock: () => Date;
  publicOrigin: PublicOrigin;
  /** Per-IP limits; the service adds per-account ones. */
  perIpPerMinute: number;
}

const errors = ACCOUNT_ERROR_RESPONSES;

/** Email-and-password accounts and the signed-in user's own profile. */
export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (
  app,
  { service, clock, publicOrigin: originOf, perIpPerMinute },
) => {
  await app.register(rateLimit, { global: false });
  const limited = (perMinute: number) => ({ rateLimit: { max: perMinute, timeWindow: "1 minute" } });

  app.post(
    c["auth.signUp"].path,
    {
      config: limited(perIpPerMinute),
      schema: {
        ...operation("auth.signUp"),
        body: c["auth.signUp"].body,
        response: { 201: c["auth.signUp"].response, ...errors },
      },
    },
    async (request, reply) => {
      const { email } = await service.signUp(request.body, originOf(request), readCampaign(request, clock()));
      return reply.status(201).send({ status: "verification-sent" as const, email });
    },
  );

  app.post(
    c["auth.signIn"].path,
    {
      config: limited(perIpPerMinute),
      schema: {
        ...operation("auth.signIn"),
        body: c["auth.signIn"].body,
        response: { 200: c["auth.signIn"].response, ...errors },
      },
    },
    async (request, reply) => {
      const session = await service.signIn(request.body, originOf(request), request.headers["user-agent"]);
      setSessionCookie(request, reply, session.token);
      return request.body.native ? { user: session.user, token: session.token } : { user: session.user };
    },
  );

  app.post(c["auth.signOut"].path, { schema: { ...operation("auth.signOut") } }, async (request, reply) => {
    if (request.viewer) await service.signOut(request.viewer.sessionHash);
    clearSessionCookie(request, reply);
    return reply.status(204).send();
  });

  app.post(
    c["auth.verifyEmail"].path,
    {
      config: limited(perIpPerMinute),
      schema: {
        ...operation("auth.verifyEmail"),
        body: c["auth.verifyEmail"].body,
        response: { 200: c["auth.verifyEmail"].response, ...errors },
      },
    },
    async (request) => service.verifyEmail(request.body.token),
  );

  app.post(
    c["auth.resendVerification"].path,
    {
      config: limited(Math.max(1, Math.floor(perIpPerMinute / 4))),
      schema: { ...operation("auth.resendVerification"), body: c["auth.resendVerification"].body },
    },
    async (request, reply) => {
      await service.resendVerification(request.body.email, originOf(request));
      return reply.status(202).send();
    },
  );

  app.post(
    c["auth.requestPasswordReset"].path,
    {
      // The spec's "No user found with that email" tells who has an account: this limit is the strict one.
      config: limited(Math.max(1, Math.floor(perIpPerMinute / 4))),
      schema: { ...operation("auth.requestPasswordReset"), body: c["auth.requestPasswordReset"].body },
    },
    async (request, reply) => {
      await service.requestPasswordReset(request.body.email, originOf(request));
      return reply.status(202).send();
    },
  );

  app.post(
    c["auth.checkPasswordReset"].path,
    {
      config: limited(perIpPerMinute),
      schema: {
        ...operation("auth.checkPasswordReset"),
        body: c["auth.checkPasswordReset"].body,
        response: { 200: c["auth.checkPasswordReset"].response, ...errors },
      },
    },
    async (request) => service.checkPasswordReset(request.body.token),
  );

  app.post(
    c["auth.resetPassword"].path,
    {
      config: limited(perIpPerMinute),
      schema: { ...operation("auth.resetPassword"), body: c["auth.resetPassword"].body },
    },
    async (request, reply) => {
      await service.resetPassword(request.body.token, request.body.password);
      return reply.status(204).send();
    },
  );

  app.post(
    c["auth.changePassword"].path,
    {
      config: limited(perIpPerMinute),
      schema: { ...operation("auth.changePassword"), body: c["auth.changePassword"].body },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await service.changePassword(
        viewer.userId,
        viewer.sessionHash,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return reply.status(204).send();
    },
  );

  app.get(
    c["auth.session"].path,
    { schema: { ...operation("auth.session"), response: { 200: c["auth.session"].response } } },
    async (request) => ({ user: request.viewer ? await service.getMe(request.viewer.userId) : null }),
  );

  app.get(
    c["me.get"].path,
    { schema: { ...operation("me.get"), response: { 200: c["me.get"].response, ...errors } } },
    async (request) => ({ user: await service.getMe(requireViewer(request).userId) }),
  );
};
