import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { rootCertificates } from "node:tls";
import type { LocaleGuess } from "@quire/core";
import type { AppContext } from "./context";
import { AccountDeletionRepository } from "./features/account-deletion/account-deletion.repository";
import { AccountDeletionService } from "./features/account-deletion/account-deletion.service";
import { AfterReadingRepository } from "./features/after-reading/after-reading.repository";
import { AfterReadingService } from "./features/after-reading/after-reading.service";
import {
  AnalyticsEventsRepository,
  AnalyticsEventsService,
  AnalyticsMaintenanceJob,
  AnalyticsRollupJob,
  AnalyticsSummaryRepository,
  AnalyticsSummaryService,
} from "./features/analytics";
import { AnnotationsRepository } from "./features/annotations/annotations.repository";
import { AnnotationsService } from "./features/annotations/annotations.service";
import { AuthRepository } from "./features/auth/auth.repository";
import { AuthService } from "./features/auth/auth.service";
import { OidcClients } from "./features/auth/social/oidc-clients";
import { SocialRepository } from "./features/auth/social/social.repository";
import { SocialSignInService } from "./features/auth/social/social.service";
import { BookSearchRepository } from "./features/book-search/book-search.repository";
import { BookSearchService } from "./features/book-search/book-search.service";
import { ChapterTextCache } from "./features/book-search/chapter-text-cache";
import { CatalogRepository } from "./features/catalog/catalog.repository";
import { CatalogService } from "./features/catalog/catalog.service";
import { DataExportService } from "./features/data-export";
import { EpubImportService } from "./features/epub/epub-import.service";
import { FeedRepository } from "./features/feed/feed.repository";
import { FeedService } from "./features/feed/feed.service";
import { followAndAnnounce } from "./features/follows/follow-and-announce";
import { FollowsService } from "./features/follows/follows.service";
import { HealthRepository } from "./features/health/health.repository";
import { HomeRepository } from "./features/home/home.repository";
import { HomeService } from "./features/home/home.service";
import { createKoreaderSyncServices } from "./features/koreader-sync/koreader-sync-services";
import { LibraryRepository } from "./features/library/library.repository";
import { LibraryService } from "./features/library/library.service";
import { countryLookup, LocaleService } from "./features/locale";
import { EventDeliveryRepository } from "./features/notifications/event-delivery.repository";
import { EventWorker } from "./features/notifications/event-worker";
import { NotificationHub } from "./features/notifications/notification-hub";
import { NotificationsRepository } from "./features/notifications/notifications.repository";
import { NotificationsService } from "./features/notifications/notifications.service";
import { OgImageService } from "./features/og-image";
import { OpdsRepository } from "./features/opds/opds.repository";
import { OpdsService } from "./features/opds/opds.service";
import { PlusRepository, PlusService } from "./features/plus";
import { ApnsTransport, loadApnsKey } from "./features/push/apns-transport";
import { FcmTransport, loadServiceAccount } from "./features/push/fcm-transport";
import { PushRepository } from "./features/push/push.repository";
import { PushService } from "./features/push/push.service";
import { PushDeliveriesRepository } from "./features/push/push-deliveries.repository";
import { PushEndpointPolicy } from "./features/push/push-endpoint-policy";
import { PushSender } from "./features/push/push-sender";
import { type PushTransports, unconfiguredTransport } from "./features/push/push-transport";
import { loadVapidKeys } from "./features/push/vapid-keys";
import { WebPushTransport } from "./features/push/web-push-transport";
import { BookFileGate } from "./features/reader/book-file-gate";
import { ReaderRepository } from "./features/reader/reader.repository";
import { ReaderService } from "./features/reader/reader.service";
import { ReaderSettingsRepository } from "./features/reader-settings/reader-settings.repository";
import { ReaderSettingsService } from "./features/reader-settings/reader-settings.service";
import { ReadingRepository } from "./features/reading/reading.repository";
import { ReadingService } from "./features/reading/reading.service";
import { SearchRepository } from "./features/search/search.repository";
import { SearchService } from "./features/search/search.service";
import { LaunchWorker } from "./features/studio/launch-worker";
import { createStudioServices } from "./features/studio/studio-services";
import { ProfileImagesRepository } from "./features/uploads/profile-images.repository";
import { ProfileImagesService } from "./features/uploads/profile-images.service";
import { ResumableUploads } from "./features/uploads/resumable-uploads";
import { AuthorBooksService } from "./features/users/author-books.service";
import { ProfileEditingRepository } from "./features/users/profile-editing.repository";
import { ProfileEditingService } from "./features/users/profile-editing.service";
import { ReadingActivityRepository } from "./features/users/reading-activity.repository";
import { ReadingActivityService } from "./features/users/reading-activity.service";
import { UsersRepository } from "./features/users/users.repository";
import { UsersService } from "./features/users/users.service";
import { createCaptchaVerifier } from "./infra/captcha/captcha";
import { ResponseCache } from "./infra/response-cache";
import { createSharedState } from "./infra/shared-state/shared-state";
import { subsystemLogger } from "./logger";

/**
 * The one place that builds Quire's parts: every repository and service once per app, the workers, and the
 * per-process caches, from the context. Features receive what they need; none builds another's parts.
 */
export async function composeApp(ctx: AppContext) {
  const { db, dialect } = ctx.database;
  const { clock, config, storage, mailer } = ctx;
  const authLogger = subsystemLogger(ctx.logger, "server:auth");

  // Limits, captcha replay memory and cache invalidation: in this process, or shared through Redis.
  const shared = await createSharedState(config, subsystemLogger(ctx.logger, "server:redis"));
  // Visitors' reads answered from memory for a few seconds; every write they would see clears it, in every process.
  const publicCache = new ResponseCache(config.publicCache.ttlMs, config.publicCache.maxEntries);
  shared.publicChanges.onChange(() => publicCache.clear());
  const onPublicChange = () => shared.publicChanges.announce();

  const catalogRepository = new CatalogRepository(db);
  const readerRepository = new ReaderRepository(db);
  const usersRepository = new UsersRepository(db, config.suggestionsExclude);
  const authRepository = new AuthRepository(db);

  const captcha = await createCaptchaVerifier(config, authLogger, shared.captchaTokens);
  const push = await composePush(ctx);
  const hub = new NotificationHub(ctx.database);
  await hub.start();
  const eventWorker = new EventWorker({
    repository: new EventDeliveryRepository(ctx.database),
    hub,
    clock,
    logger: subsystemLogger(ctx.logger, "server:events"),
    onPushQueued: () => push.sender.nudge(),
  });
  // Writers call this after a commit that wrote user events, so delivery does not wait for the next tick.
  const onEventsWritten = () => eventWorker.nudge();

  const auth = new AuthService({
    repository: authRepository,
    mailer,
    logger: authLogger,
    clock,
    limits: {
      signInPerAccount: shared.attemptLimiter({
        name: "sign-in",
        max: config.auth.signInAttemptsPerAccount,
        windowMs: 15 * 60_000,
      }),
      resetPerAccount: shared.attemptLimiter({
        name: "reset",
        max: config.auth.resetRequestsPerAccount,
        windowMs: 60 * 60_000,
      }),
    },
  });
  const oidcClients = new OidcClients({ google: config.social.google, apple: config.social.apple });
  const catalog = new CatalogService(catalogRepository, clock);
  const reader = new ReaderService(readerRepository, storage);
  const reading = new ReadingService({
    repository: new ReadingRepository(db, dialect),
    catalog: catalogRepository,
    clock,
    onEventsWritten,
  });
  const studio = createStudioServices(ctx, { onPublicChange, onEventsWritten });
  const readingActivityRepository = new ReadingActivityRepository(db);
  const analyticsSummaryRepository = new AnalyticsSummaryRepository(db, dialect);
  const analyticsEventsRepository = new AnalyticsEventsRepository(db, dialect);
  const uploadsLogger = subsystemLogger(ctx.logger, "server:uploads");
  const uploads = new ResumableUploads({
    directory: join(config.dataDir, "uploads-tmp"),
    maxBytes: config.images.maxBytes,
    maxUnfinishedPerUser: config.perUser.unfinishedUploads,
    logger: uploadsLogger,
  });

  const services = {
    accountDeletion: new AccountDeletionService({
      repository: new AccountDeletionRepository(db),
      captcha,
      mailer,
      storage,
      logger: authLogger,
      clock,
      onPublicChange,
    }),
    // A country only when the address told it (never the fallback guess), and never the address itself.
    analyticsEvents: new AnalyticsEventsService(
      analyticsEventsRepository,
      clock,
      async (ip): Promise<string | null> => {
        const guess: LocaleGuess = await services.locale.guess(ip);
        return guess.source === "ip" ? guess.country : null;
      },
    ),
    analyticsSummary: new AnalyticsSummaryService({
      repository: analyticsSummaryRepository,
      requireAdmin: (userId) => studio.access.admin(userId),
    }),
    afterReading: new AfterReadingService(new AfterReadingRepository(db), catalogRepository),
    annotations: new AnnotationsService(new AnnotationsRepository(db, dialect), clock),
    auth,
    authorBooks: new AuthorBooksService(usersRepository, catalogRepository),
    bookSearch: new BookSearchService(new BookSearchRepository(db), reader, new ChapterTextCache()),
    catalog,
    feed: new FeedService({ repository: new FeedRepository(db), catalog: catalogRepository }),
    follows: new FollowsService({ db, clock, onEventsWritten, onPublicChange }),
    health: new HealthRepository(ctx.database),
    home: new HomeService({
      repository: new HomeRepository(db, catalogRepository),
      catalog: catalogRepository,
      catalogService: catalog,
      reading,
      cache: publicCache,
    }),
    imports: new EpubImportService({
      db,
      storage,
      logger: subsystemLogger(ctx.logger, "server:studio"),
      clock,
      maxImagePixels: config.images.maxPixels,
    }),
    library: new LibraryService({
      repository: new LibraryRepository(db),
      catalog: catalogRepository,
      clock,
      onPublicChange,
    }),
    locale: new LocaleService(countryLookup(config.ipCountryUrl, subsystemLogger(ctx.logger, "server:locale"))),
    plus: new PlusService({
      repository: new PlusRepository(db),
      prices: config.plusPrices,
      clock,
      requireAdmin: (userId) => studio.access.admin(userId),
    }),
    notifications: new NotificationsService(new NotificationsRepository(db), clock),
    ogImages: new OgImageService({
      storage,
      catalog,
      maxPixels: config.images.maxPixels,
      logger: subsystemLogger(ctx.logger, "server:web"),
    }),
    profileEditing: new ProfileEditingService({
      repository: new ProfileEditingRepository(db),
      clock,
      getMe: (id) => auth.getMe(id),
      follow: followAndAnnounce,
      onPublicChange,
    }),
    profileImages: new ProfileImagesService({
      repository: new ProfileImagesRepository(db),
      storage,
      logger: uploadsLogger,
      clock,
      maxPixels: config.images.maxPixels,
      getMe: (id) => auth.getMe(id),
      onProfileChanged: onPublicChange,
    }),
    push: new PushService(new PushRepository(db), clock, push.endpoints),
    reader,
    reading,
    readerSettings: new ReaderSettingsService(new ReaderSettingsRepository(db), clock),
    readingActivity: new ReadingActivityService({ repository: readingActivityRepository, catalog: catalogRepository }),
    search: new SearchService(createSearchRepository(ctx, catalogRepository, usersRepository), catalogRepository),
    social: new SocialSignInService({
      repository: new SocialRepository(db),
      authRepository,
      auth,
      clients: oidcClients,
      logger: authLogger,
      clock,
    }),
    studio,
    koreaderSync: createKoreaderSyncServices(ctx, reading, shared),
    uploads,
    users: new UsersService(usersRepository),
  };

  const opds = new OpdsService({
    repository: new OpdsRepository(catalogRepository),
    catalog: catalogRepository,
    search: (query) => services.search.search(query),
    exportEpub: async (bookId) => {
      const file = await studio.exports.readerCopy(bookId);
      await services.koreaderSync.documents.remember(bookId, file.bytes, file.fileName);
      return file;
    },
    readingLists: (userId) => services.library.lists(userId),
  });

  const dataExport = new DataExportService({
    profile: (userId) => auth.getMe(userId),
    lists: (userId) => services.library.lists(userId),
    progress: (userId, bookId) => reading.getProgress(userId, bookId),
    starredBooks: (userId) => readingActivityRepository.starredBooks(userId, Number.MAX_SAFE_INTEGER),
    follows: (direction, userId, cursor) => services.follows.list(direction, userId, cursor),
    annotations: async (userId) => JSON.parse((await services.annotations.export(userId, "json")).body),
    authoredBookIds: async (userId) =>
      (await studio.access.user(userId)).isAuthor
        ? (await studio.books.listBooks(userId)).items.map((item) => item.book.id)
        : [],
    exportBook: (userId, bookId) => studio.exports.export(userId, bookId),
    clock,
  });

  const workers = {
    events: eventWorker,
    push: push.sender,
    launches: new LaunchWorker(studio.launches, subsystemLogger(ctx.logger, "server:studio")),
    analyticsRollup: new AnalyticsRollupJob(
      analyticsSummaryRepository,
      clock,
      subsystemLogger(ctx.logger, "server:analytics"),
    ),
    analyticsMaintenance: new AnalyticsMaintenanceJob(
      analyticsEventsRepository,
      config.analyticsRetentionDays,
      clock,
      subsystemLogger(ctx.logger, "server:analytics"),
    ),
  };

  return {
    services,
    opds,
    dataExport,
    workers,
    hub,
    publicCache,
    onPublicChange,
    captcha,
    rateLimitStore: shared.rateLimit,
    oidcClients,
    bookFiles: new BookFileGate(readerRepository),
    vapidPublicKey: push.vapidPublicKey,
    async close(): Promise<void> {
      await workers.launches.stop();
      await workers.analyticsRollup.stop();
      await workers.analyticsMaintenance.stop();
      await workers.events.stop();
      await hub.stop();
      await workers.push.stop();
      push.agent.destroy();
      for (const transport of Object.values(push.transports)) transport.close?.();
      uploads.close();
      await shared.close();
    },
  };
}

export type Composition = Awaited<ReturnType<typeof composeApp>>;

/** The search index's repository, on the app's catalogue and users repositories or (`quire search`) its own. */
export function createSearchRepository(
  ctx: Pick<AppContext, "database">,
  catalog = new CatalogRepository(ctx.database.db),
  users = new UsersRepository(ctx.database.db),
): SearchRepository {
  return new SearchRepository(ctx.database.db, ctx.database.dialect, catalog, users);
}

/** VAPID keys, the endpoint policy and its agent, each kind's transport, and the sender of queued pushes. */
async function composePush(ctx: AppContext) {
  const { push } = ctx.config;
  const keys = await loadVapidKeys(ctx.config);
  const endpoints = new PushEndpointPolicy(push);
  const ca = push.caFile ? [...rootCertificates, await readCa(push.caFile)] : undefined;
  // Always our own agent: its lookup is what keeps the sender off private addresses.
  const agent = endpoints.agent(ca ? { ca } : {});
  const clock = ctx.clock;
  const transports: PushTransports = {
    webpush: new WebPushTransport({ vapid: { ...keys, subject: push.subject }, agent, endpoints, clock }),
    fcm: push.fcm
      ? new FcmTransport({
          serviceAccount: await loadServiceAccount(push.fcm.serviceAccount),
          baseUrl: push.fcm.baseUrl,
          ca,
          clock,
        })
      : unconfiguredTransport("QUIRE_FCM_SERVICE_ACCOUNT"),
    apns: push.apns
      ? new ApnsTransport({ ...push.apns, key: await loadApnsKey(push.apns.key), ca, clock })
      : unconfiguredTransport("QUIRE_APNS_KEY"),
  };
  const sender = new PushSender({
    repository: new PushDeliveriesRepository(ctx.database),
    transports,
    clock,
    logger: subsystemLogger(ctx.logger, "server:push"),
  });
  return { sender, endpoints, agent, transports, vapidPublicKey: keys.publicKey };
}

async function readCa(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    throw new Error(`Invalid configuration: QUIRE_PUSH_CA_FILE ${path} cannot be read (${(error as Error).message})`);
  }
}
