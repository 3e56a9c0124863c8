import rateLimit from "@fastify/rate-limit";
import { accountDeletionContract as c } from "@quire/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ACCOUNT_ERROR_RESPONSES } from "../../http-errors";
import type { CaptchaVerifier } from "../../infra/captcha/captcha";
import type { PublicOrigin } from "../../infra/public-origin";
import { operation } from "../../openapi-operation";
import { clearSessionCookie, requireViewer } from "../auth/session";
import type { AccountDeletionService } from "./account-deletion.service";

export interface AccountDeletionRouteOptions {
  service: AccountDeletionService;
  captcha: CaptchaVerifier;
  publicOrigin: PublicOrigin;
  perIpPerMinute: number;
}

const errors = ACCOUNT_ERROR_RESPONSES;

/** Account deletion by emailed link plus captcha, and the captcha's public challenge. */
export const accountDeletionRoutes: FastifyPluginAsyncZod<AccountDeletionRouteOptions> = async (
  app,
  { service, captcha, publicOrigin: originOf, perIpPerMinute },
) => {
  await app.register(rateLimit, { global: false });
  const limited = (perMinute: number) => ({ rateLimit: { max: Math.max(1, perMinute), timeWindow: "1 minute" } });

  app.get(
    c["captcha.challenge"].path,
    {
      config: limited(perIpPerMinute),
      schema: {
        ...operation("captcha.challenge"),
        response: { 200: c["captcha.challenge"].response, 429: errors[429] },
      },
    },
    async (_request, reply) => {
      // Each answer is a new single-use challenge.
      reply.header("cache-control", "no-store");
      return captcha.challenge();
    },
  );

  app.post(
    c["accountDeletion.request"].path,
    {
      // Each call sends an email.
      config: limited(Math.floor(perIpPerMinute / 4)),
      schema: {
        ...operation("accountDeletion.request"),
        response: { 200: c["accountDeletion.request"].response, ...errors },
      },
    },
    async (request) => service.request(requireViewer(request, "notLoggedIn").userId, originOf(request)),
  );

  app.post(
    c["accountDeletion.confirm"].path,
    {
      config: limited(perIpPerMinute),
      schema: {
        ...operation("accountDeletion.confirm"),
        body: c["accountDeletion.confirm"].body,
        response: { 200: c["accountDeletion.confirm"].response, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await service.confirm(request.body.token, request.body.captcha, request.ip);
      // The session is gone with the account; someone else's cookie (confirming for them) stays.
      if (request.viewer?.userId === userId) clearSessionCookie(request, reply);
      return { status: "deleted" as const };
    },
  );
};
