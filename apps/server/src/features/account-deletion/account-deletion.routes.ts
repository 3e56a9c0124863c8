import { accountDeletionContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../http/route";
import type { CaptchaVerifier } from "../../infra/captcha/captcha";
import type { PublicOrigin } from "../../infra/public-origin";
import { clearSessionCookie, requireViewer } from "../../shared/session";
import type { AccountDeletionService } from "./account-deletion.service";

export interface AccountDeletionRouteOptions {
  service: AccountDeletionService;
  captcha: CaptchaVerifier;
  publicOrigin: PublicOrigin;
  perIpPerMinute: number;
}

/** Account deletion by emailed link plus captcha, and the captcha's public challenge. */
export const accountDeletionRoutes: FastifyPluginAsyncZod<AccountDeletionRouteOptions> = async (
  app,
  { service, captcha, publicOrigin: originOf, perIpPerMinute },
) => {
  const limited = (perMinute: number) => ({
    config: { rateLimit: { max: Math.max(1, perMinute), timeWindow: "1 minute" } },
  });

  route(app, c["captcha.challenge"], limited(perIpPerMinute), async (_request, reply) => {
    // Each answer is a new single-use challenge.
    reply.header("cache-control", "no-store");
    return captcha.challenge();
  });

  // Each request sends an email.
  route(app, c["accountDeletion.request"], limited(Math.floor(perIpPerMinute / 4)), async (request) =>
    service.request(requireViewer(request, "notLoggedIn").userId, originOf(request)),
  );

  route(app, c["accountDeletion.confirm"], limited(perIpPerMinute), async (request, reply) => {
    const { userId } = await service.confirm(request.body.token, request.body.captcha, request.ip);
    // The session is gone with the account; someone else's cookie (confirming for them) stays.
    if (request.viewer?.userId === userId) clearSessionCookie(request, reply);
    return { status: "deleted" as const };
  });
};
