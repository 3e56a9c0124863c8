import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from "fastify-type-provider-zod";
import type { AppContext } from "./context";
import { registerAccountDeletion } from "./features/account-deletion/register-account-deletion";
import { registerAfterReading } from "./features/after-reading/register-after-reading";
import { registerAnnotations } from "./features/annotations/register-annotations";
import { AuthRepository } from "./features/auth/auth.repository";
import { authRoutes } from "./features/auth/auth.routes";
import { AuthService } from "./features/auth/auth.service";
import { registerSessions, resolveViewer } from "./features/auth/session";
import { registerSocialSignIn } from "./features/auth/social/register-social-sign-in";
import { registerBookSearch } from "./features/book-search/register-book-search";
import { CatalogRepository } from "./features/catalog/catalog.repository";
import { catalogRoutes } from "./features/catalog/catalog.routes";
import { CatalogService } from "./features/catalog/catalog.service";
import { registerFeed } from "./features/feed/register-feed";
import { followsRoutes } from "./features/follows/follows.routes";
import { FollowsService } from "./features/follows/follows.service";
import { healthRoutes } from "./features/health/health.routes";
import { registerHome } from "./features/home/register-home";
import { registerLibrary } from "./features/library/register-library";
import { registerNotifications } from "./features/notifications/register-notifications";
import { registerPush } from "./features/push/register-push";
import { BookFileGate } from "./features/reader/book-file-gate";
import { ReaderRepository } from "./features/reader/reader.repository";
import { readerRoutes } from "./features/reader/reader.routes";
import { ReaderService } from "./features/reader/reader.service";
import { registerReaderSettings } from "./features/reader-settings/register-reader-settings";
import { registerReading } from "./features/reading/register-reading";
import { registerSearch } from "./features/search/register-search";
import { registerStudio } from "./features/studio/register-studio";
import { uploadsRoutes } from "./features/uploads/uploads.routes";
import { AuthorBooksService } from "./features/users/author-books.service";
import { meRoutes } from "./features/users/me.routes";
import { ProfileEditingService } from "./features/users/profile-editing.service";
import { registerReadingActivity } from "./features/users/register-reading-activity";
import { UsersRepository } from "./features/users/users.repository";
import { usersRoutes } from "./features/users/users.routes";
import { webRoutes } from "./features/web/web.routes";
import { registerErrorHandling } from "./http-errors";
import { checkedSerializerCompiler, fastSerializerCompiler } from "./http-serializer";
import { AttemptLimiter } from "./infra/attempt-limiter";
import { captchaContentSources } from "./infra/captcha/captcha";
import { devMailRoutes } from "./infra/email/dev-mail.routes";
import { ResponseCache } from "./infra/response-cache";
import { S3FileStorage } from "./infra/s3-storage";
import { subsystemLogger } from "./logger";
import { registerSecurityHeaders } from "./security-headers";
import { QUIRE_VERSION } from "./version";

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

  const auth = new AuthService({
    repository: new AuthRepository(ctx.database.db),
    mailer: ctx.mailer,
    logger: subsystemLogger(ctx.logger, "server:auth"),
    clock: ctx.clock,
    limits: {
      signInPerAccount: new AttemptLimiter(ctx.config.auth.signInAttemptsPerAccount, 15 * 60_000),
      resetPerAccount: new AttemptLimiter(ctx.config.auth.resetRequestsPerAccount, 60 * 60_000),
    },
  });
  await registerSessions(app, auth);

  const catalogRepository = new CatalogRepository(ctx.database.db);
  const catalog = new CatalogService(catalogRepository, ctx.clock);
  const publicCache = new ResponseCache(ctx.config.publicCache.ttlMs, ctx.config.publicCache.maxEntries);
  await app.register(healthRoutes, { database: ctx.database });
  await app.register(catalogRoutes, { service: catalog, cache: publicCache });
  await app.register(readerRoutes, {
    service: new ReaderService(new ReaderRepository(ctx.database.db), ctx.storage),
    cache: publicCache,
  });
  const usersRepository = new UsersRepository(ctx.database.db, ctx.config.suggestionsExclude);
  await app.register(usersRoutes, {
    repository: usersRepository,
    authorBooks: new AuthorBooksService(usersRepository, catalogRepository),
    cache: publicCache,
  });
  await registerReadingActivity(app, ctx);
  const pushSender = await registerPush(app, ctx);
  const eventWorker = await registerNotifications(app, ctx, { onPushQueued: () => pushSender.nudge() });
  await app.register(followsRoutes, {
    service: new FollowsService({ db: ctx.database.db, clock: ctx.clock, onEventsWritten: () => eventWorker.nudge() }),
    changesPerMinute: ctx.config.perUser.followsPerMinute,
  });
  await app.register(meRoutes, {
    service: new ProfileEditingService({ db: ctx.database.db, clock: ctx.clock, getMe: (id) => auth.getMe(id) }),
  });
  await app.register(authRoutes, {
    service: auth,
    clock: ctx.clock,
    publicOrigin: ctx.publicOrigin,
    perIpPerMinute: ctx.config.auth.requestsPerIpPerMinute,
  });
  await registerSocialSignIn(app, ctx, auth);
  await app.register(uploadsRoutes, {
    ctx,
    getMe: (id) => auth.getMe(id),
    onProfileChanged: () => publicCache.clear(),
  });
  await registerAccountDeletion(app, ctx);
  await registerReading(app, ctx);
  await registerAnnotations(app, ctx);
  await registerReaderSettings(app, ctx);
  await registerLibrary(app, ctx);
  await registerFeed(app, ctx);
  await registerHome(app, ctx, publicCache);
  await registerSearch(app, ctx, publicCache);
  await registerBookSearch(app, ctx, publicCache);
  await registerAfterReading(app, ctx, publicCache);
  await registerStudio(app, ctx, { onPublicChange: () => publicCache.clear() });
  if (ctx.config.devMail) {
    await app.register(devMailRoutes, {
      outboxDir: ctx.config.mail.outboxDir,
      localOnly: ctx.config.env === "production",
    });
  }

  app.get("/api/v1/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  // Not registered as a plugin: its not-found handler must cover the whole app.
  await webRoutes(app, {
    clock: ctx.clock,
    distDir: ctx.config.webDistDir,
    filesDir: ctx.config.filesDir,
    remoteFiles: ctx.storage instanceof S3FileStorage ? ctx.storage : undefined,
    bookFiles: new BookFileGate(new ReaderRepository(ctx.database.db)),
    viewerOf: (request) => resolveViewer(request, auth),
    publicOrigin: ctx.publicOrigin,
    catalog,
  });
  return app;
}
