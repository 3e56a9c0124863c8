import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { createCaptchaVerifier } from "../../infra/captcha/captcha";
import { subsystemLogger } from "../../logger";
import { AccountDeletionRepository } from "./account-deletion.repository";
import { accountDeletionRoutes } from "./account-deletion.routes";
import { AccountDeletionService } from "./account-deletion.service";

/** The captcha, the service and the routes of account deletion, built from the app context. */
export async function registerAccountDeletion(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const logger = subsystemLogger(ctx.logger, "server:auth");
  const captcha = await createCaptchaVerifier(ctx.config, logger);
  const service = new AccountDeletionService({
    repository: new AccountDeletionRepository(ctx.database.db),
    captcha,
    mailer: ctx.mailer,
    storage: ctx.storage,
    logger,
    clock: ctx.clock,
  });
  await app.register(accountDeletionRoutes, {
    service,
    captcha,
    publicOrigin: ctx.publicOrigin,
    perIpPerMinute: ctx.config.auth.requestsPerIpPerMinute,
  });
}
