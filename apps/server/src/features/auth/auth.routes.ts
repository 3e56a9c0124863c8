import { authContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import type { PublicOrigin } from "../../infra/public-origin";
import { clearSessionCookie, requireViewer, setSessionCookie } from "../../shared/session";
import { readAttribution } from "../campaign";
import type { AuthService } from "./auth.service";

export interface AuthRouteOptions {
  service: AuthService;
  clock: () => Date;
  publicOrigin: PublicOrigin;
  /** Per-IP limits; the service adds per-account ones. */
  perIpPerMinute: number;
}

/** Email-and-password accounts and the signed-in user's own profile. */
export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (
  app,
  { service, clock, publicOrigin: originOf, perIpPerMinute },
) => {
  const limited = { config: { rateLimit: { max: perIpPerMinute, timeWindow: "1 minute" } } };
  // Each sends an email, and the spec's "No user found with that email" tells who has an account.
  const strictlyLimited = {
    config: { rateLimit: { max: Math.max(1, Math.floor(perIpPerMinute / 4)), timeWindow: "1 minute" } },
  };

  route(app, c["auth.signUp"], limited, async (request) => {
    const { email } = await service.signUp(request.body, originOf(request), readAttribution(request, clock()));
    return { status: "verification-sent" as const, email };
  });

  route(app, c["auth.signIn"], limited, async (request, reply) => {
    const session = await service.signIn(request.body, originOf(request), request.headers["user-agent"]);
    setSessionCookie(request, reply, session.token);
    return request.body.native ? { user: session.user, token: session.token } : { user: session.user };
  });

  route(app, c["auth.signOut"], async (request, reply) => {
    if (request.viewer) await service.signOut(request.viewer.sessionHash);
    clearSessionCookie(request, reply);
  });

  route(app, c["auth.verifyEmail"], limited, async (request) => service.verifyEmail(request.body.token));

  route(app, c["auth.resendVerification"], strictlyLimited, async (request) => {
    await service.resendVerification(request.body.email, originOf(request));
  });

  route(app, c["auth.requestPasswordReset"], strictlyLimited, async (request) => {
    await service.requestPasswordReset(request.body.email, originOf(request));
  });

  route(app, c["auth.checkPasswordReset"], limited, async (request) => service.checkPasswordReset(request.body.token));

  route(app, c["auth.resetPassword"], limited, async (request) => {
    await service.resetPassword(request.body.token, request.body.password);
  });

  route(app, c["auth.changePassword"], limited, async (request) => {
    const viewer = requireViewer(request);
    await service.changePassword(
      viewer.userId,
      viewer.sessionHash,
      request.body.currentPassword,
      request.body.newPassword,
    );
  });

  route(app, c["auth.session"], async (request) => ({
    user: request.viewer ? await service.getMe(request.viewer.userId) : null,
  }));

  route(app, c["me.get"], async (request) => ({ user: await service.getMe(requireViewer(request).userId) }));
};
