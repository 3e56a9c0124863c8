import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../context";
import { subsystemLogger } from "../../../logger";
import { AuthRepository } from "../auth.repository";
import type { AuthService } from "../auth.service";
import { OidcClients } from "./oidc-clients";
import { SocialRepository } from "./social.repository";
import { socialRoutes } from "./social.routes";
import { SocialSignInService } from "./social.service";

/** Google and Apple sign-in on top of the accounts' sessions. */
export async function registerSocialSignIn(app: FastifyInstance, ctx: AppContext, auth: AuthService): Promise<void> {
  const { google, apple, appScheme } = ctx.config.social;
  const clients = new OidcClients({ google, apple });
  const service = new SocialSignInService({
    repository: new SocialRepository(ctx.database.db),
    authRepository: new AuthRepository(ctx.database.db),
    auth,
    clients,
    logger: subsystemLogger(ctx.logger, "server:auth"),
    clock: ctx.clock,
  });
  await app.register(socialRoutes, {
    service,
    clients,
    appScheme,
    publicOrigin: ctx.publicOrigin,
    perIpPerMinute: ctx.config.auth.requestsPerIpPerMinute,
  });
}
