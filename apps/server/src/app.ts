import rateLimit from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from "fastify-type-provider-zod";
import { type Composition, composeApp } from "./composition";
import type { AppContext } from "./context";
import { accountDeletionRoutes } from "./features/account-deletion/account-deletion.routes";
import { afterReadingRoutes } from "./features/after-reading/after-reading.routes";
import { analyticsEventsRoutes, analyticsSummaryRoutes } from "./features/analytics";
import { annotationsRoutes } from "./features/annotations/annotations.routes";
import { appLinksRoutes } from "./features/app-links";
import { authRoutes } from "./features/auth/auth.routes";
import { socialRoutes } from "./features/auth/social/social.routes";
import { bookSearchRoutes } from "./features/book-search/book-search.routes";
import { catalogRoutes } from "./features/catalog/catalog.routes";
import { dataExportRoutes } from "./features/data-export";
import { feedRoutes } from "./features/feed/feed.routes";
import { followsRoutes } from "./features/follows/follows.routes";
import { healthRoutes } from "./features/health/health.routes";
import { homeRoutes } from "./features/home/home.routes";
import { devicePasswordsRoutes } from "./features/koreader-sync/device-passwords.routes";
import { kosyncRoutes } from "./features/koreader-sync/kosync.routes";
import { libraryRoutes } from "./features/library/library.routes";
import { localeRoutes } from "./features/locale";
import { notificationsRoutes } from "./features/notifications/notifications.routes";
import { streamRoutes } from "./features/notifications/stream.routes";
import { ogImageRoutes } from "./features/og-image";
import { opdsRoutes } from "./features/opds/opds.routes";
import { betaSignupsRoutes, plusRoutes } from "./features/plus";
import { pushRoutes } from "./features/push/push.routes";
import { readerRoutes } from "./features/reader/reader.routes";
import { readerSettingsRoutes } from "./features/reader-settings/reader-settings.routes";
import { readingRoutes } from "./features/reading/reading.routes";
import { searchRoutes } from "./features/search/search.routes";
import { studioRoutes } from "./features/studio/studio.routes";
import { uploadsRoutes } from "./features/uploads/uploads.routes";
import { meRoutes } from "./features/users/me.routes";
import { readingActivityRoutes } from "./features/users/reading-activity.routes";
import { usersRoutes } from "./features/users/users.routes";
import { webRoutes } from "./features/web/web.routes";
import { registerErrorHandling } from "./http-errors";
import { checkedSerializerCompiler, fastSerializerCompiler } from "./http-serializer";
import { captchaContentSources } from "./infra/captcha/captcha";
import { devMailRoutes } from "./infra/email/dev-mail.routes";
import { S3FileStorage } from "./infra/s3-storage";
import { subsystemLogger } from "./logger";
import { registerSecurityHeaders } from "./security-headers";
import { registerSessions, resolveViewer } from "./shared/session";
import { QUIRE_VERSION } from "./version";

declare module "fastify" {
  interface FastifyInstance {
    // Built with the app so writers can nudge them; their intervals are started by the server process (main).
    eventWorker: Composition["workers"]["events"];
    pushSender: Composition["workers"]["push"];
    launchWorker: Composition["workers"]["launches"];
    analyticsRollup: Composition["workers"]["analyticsRollup"];
    analyticsMaintenance: Composition["workers"]["analyticsMaintenance"];
  }
}

/** Registration writes one user may make per minute (a browser makes one on subscribe, then about weekly). */
const PUSH_WRITES_PER_USER_PER_MINUTE = 30;

/** KOReader sync requests per IP per minute: a reader syncs on opening, closing and every few pages. */
const KOSYNC_PER_IP_PER_MINUTE = 120;

export const BODY_LIMIT_BYTES = 1024 * 1024;

// A hop count trusts that many proxies nearest to us; Fastify's types take it only as a function.
function fastifyTrustProxy(trust: AppContext["config"]["trustProxy"]) {
  return typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trust;
}

/** Builds the whole HTTP app on a context; `listen` is the caller's business (main, tests, bench). */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger.child({ name: "server" }) as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(ctx.config.env === "production" ? fastSerializerCompiler : checkedSerializerCompiler);
  registerErrorHandling(app);

  registerSecurityHeaders(app, {
    secure: ctx.config.publicUrl?.startsWith("https://") ?? false,
    thirdParty: captchaContentSources(ctx.config.captcha.kind),
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Quire API", version: QUIRE_VERSION, description: "Read, track and share books." },
      servers: ctx.config.publicUrl ? [{ url: ctx.config.publicUrl }] : [],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  const { services, workers, publicCache: cache, onPublicChange, rateLimitStore, ...parts } = await composeApp(ctx);
  // Registered once, before every route: routes opt in with `config.rateLimit`, all counted in one store.
  await app.register(rateLimit, { global: false, ...rateLimitStore });
  app.decorate("eventWorker", workers.events);
  app.decorate("pushSender", workers.push);
  app.decorate("launchWorker", workers.launches);
  app.decorate("analyticsRollup", workers.analyticsRollup);
  app.decorate("analyticsMaintenance", workers.analyticsMaintenance);
  app.addHook("onClose", parts.close);
  const { auth } = services;
  const perIpPerMinute = ctx.config.auth.requestsPerIpPerMinute;
  await registerSessions(app, auth);

  await app.register(healthRoutes, { repository: services.health });
  await app.register(appLinksRoutes, { links: ctx.config.appLinks });
  await app.register(catalogRoutes, { service: services.catalog, cache });
  await app.register(readerRoutes, { service: services.reader, cache });
  await app.register(usersRoutes, { service: services.users, authorBooks: services.authorBooks, cache });
  await app.register(readingActivityRoutes, { service: services.readingActivity });
  await app.register(pushRoutes, {
    service: services.push,
    vapidPublicKey: parts.vapidPublicKey,
    writesPerMinute: PUSH_WRITES_PER_USER_PER_MINUTE,
  });
  await app.register(notificationsRoutes, { service: services.notifications });
  await app.register(streamRoutes, { hub: parts.hub, service: services.notifications });
  await app.register(followsRoutes, {
    service: services.follows,
    changesPerMinute: ctx.config.perUser.followsPerMinute,
  });
  await app.register(meRoutes, { service: services.profileEditing });
  await app.register(authRoutes, { service: auth, clock: ctx.clock, publicOrigin: ctx.publicOrigin, perIpPerMinute });
  await app.register(socialRoutes, {
    service: services.social,
    clients: parts.oidcClients,
    appScheme: ctx.config.social.appScheme,
    publicOrigin: ctx.publicOrigin,
    perIpPerMinute,
    clock: ctx.clock,
  });
  await app.register(uploadsRoutes, {
    service: services.profileImages,
    uploads: services.uploads,
    maxBytes: ctx.config.images.maxBytes,
    uploadsPerMinute: ctx.config.perUser.uploadsPerMinute,
    logger: subsystemLogger(ctx.logger, "server:uploads"),
  });
  await app.register(accountDeletionRoutes, {
    service: services.accountDeletion,
    captcha: parts.captcha,
    publicOrigin: ctx.publicOrigin,
    perIpPerMinute,
  });
  await app.register(readingRoutes, { service: services.reading });
  await app.register(annotationsRoutes, { service: services.annotations });
  await app.register(readerSettingsRoutes, { service: services.readerSettings });
  await app.register(libraryRoutes, { service: services.library });
  await app.register(feedRoutes, { service: services.feed });
  await app.register(homeRoutes, { service: services.home });
  const searchesPerMinute = ctx.config.search.requestsPerIpPerMinute;
  await app.register(searchRoutes, { service: services.search, cache, perIpPerMinute: searchesPerMinute });
  await app.register(bookSearchRoutes, { service: services.bookSearch, cache, perIpPerMinute: searchesPerMinute });
  await app.register(afterReadingRoutes, { service: services.afterReading, cache });
  await app.register(studioRoutes, { studio: services.studio, importer: services.imports, onPublicChange });
  await app.register(devicePasswordsRoutes, { service: services.koreaderSync.devicePasswords });
  await app.register(dataExportRoutes, { service: parts.dataExport });
  await app.register(analyticsSummaryRoutes, { service: services.analyticsSummary });
  await app.register(analyticsEventsRoutes, { service: services.analyticsEvents });
  await app.register(localeRoutes, { service: services.locale });
  await app.register(plusRoutes, { service: services.plus });
  await app.register(betaSignupsRoutes, { service: services.plus });
  await app.register(kosyncRoutes, {
    service: services.koreaderSync.kosync,
    devicePasswords: services.koreaderSync.devicePasswords,
    publicOrigin: ctx.publicOrigin,
    perIpPerMinute: KOSYNC_PER_IP_PER_MINUTE,
  });
  await app.register(opdsRoutes, {
    service: parts.opds,
    publicOrigin: ctx.publicOrigin,
    deviceUser: (username, md5Key) => services.koreaderSync.devicePasswords.authenticate(username, md5Key),
  });
  if (ctx.config.devMail) {
    await app.register(devMailRoutes, {
      outboxDir: ctx.config.mail.outboxDir,
      localOnly: ctx.config.env === "production",
    });
  }

  await app.register(ogImageRoutes, { service: services.ogImages });

  app.get("/api/v1/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  // Not registered as a plugin: its not-found handler must cover the whole app.
  await webRoutes(app, {
    clock: ctx.clock,
    distDir: ctx.config.webDistDir,
    filesDir: ctx.config.filesDir,
    remoteFiles: ctx.storage instanceof S3FileStorage ? ctx.storage : undefined,
    bookFiles: parts.bookFiles,
    viewerOf: (request) => resolveViewer(request, auth),
    publicOrigin: ctx.publicOrigin,
    catalog: services.catalog,
    ogImages: services.ogImages,
  });
  return app;
}
