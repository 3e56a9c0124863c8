import type { Kysely } from "kysely";
import type { DialectName } from "../dialect";
import * as initialSchema from "./2026-11-21-01-initial-schema";
import * as accounts from "./2026-11-21-02-accounts";
import * as socialOnboardingDeletion from "./2026-11-21-03-social-onboarding-deletion";
import * as bookContent from "./2026-11-21-04-book-content";
import * as notifications from "./2026-11-21-05-notifications";
import * as chapterSources from "./2026-11-22-01-chapter-sources";
import * as chapterWeightsIndex from "./2026-11-22-02-chapter-weights-index";
import * as originalEpub from "./2026-11-23-01-original-epub";
import * as push from "./2026-11-23-02-push";
import * as activityFeed from "./2026-11-23-03-activity-feed";
import * as search from "./2026-11-25-10-search";
import * as positionProgress from "./2026-11-25-11-position-progress";
import * as annotations from "./2026-11-25-12-annotations";
import * as readerSettings from "./2026-11-25-13-reader-settings";
import * as chapterRoles from "./2026-11-26-01-chapter-roles";
import * as readingActivityPrivacy from "./2026-11-26-02-reading-activity-privacy";
import * as noDefaultLocation from "./2026-11-26-03-no-default-location";
import * as searchSpeed from "./2026-11-26-04-search-speed";
import * as searchChanges from "./2026-11-26-05-search-changes";
import * as koreaderSync from "./2026-11-26-06-koreader-sync";
import * as plus from "./2026-11-26-09-plus";
import * as analytics from "./2026-11-26-10-analytics";
import * as analyticsRollups from "./2026-11-26-11-analytics-rollups";
import * as referrals from "./2026-11-26-12-referrals";
import * as pushKinds from "./2026-11-26-13-push-kinds";
import * as scaleIndexes from "./2026-11-26-16-scale-indexes";
import * as bookJson from "./2026-11-27-01-book-json";
import * as genreBooks from "./2026-11-27-02-genre-books";
import * as bookJsonCounters from "./2026-11-27-03-book-json-counters";
import * as bookJsonDisplay from "./2026-11-27-04-book-json-display";

export interface DialectMigration {
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
  down?(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
}

/** Append-only, in order. Never edit a migration that has landed on main: add a new one. */
export const migrations: Record<string, DialectMigration> = {
  "2026-11-21-01-initial-schema": initialSchema,
  "2026-11-21-02-accounts": accounts,
  "2026-11-21-03-social-onboarding-deletion": socialOnboardingDeletion,
  "2026-11-21-04-book-content": bookContent,
  "2026-11-21-05-notifications": notifications,
  "2026-11-22-01-chapter-sources": chapterSources,
  "2026-11-22-02-chapter-weights-index": chapterWeightsIndex,
  "2026-11-23-01-original-epub": originalEpub,
  "2026-11-23-02-push": push,
  "2026-11-23-03-activity-feed": activityFeed,
  "2026-11-25-10-search": search,
  "2026-11-25-11-position-progress": positionProgress,
  "2026-11-25-12-annotations": annotations,
  "2026-11-25-13-reader-settings": readerSettings,
  "2026-11-26-01-chapter-roles": chapterRoles,
  "2026-11-26-02-reading-activity-privacy": readingActivityPrivacy,
  "2026-11-26-03-no-default-location": noDefaultLocation,
  "2026-11-26-04-search-speed": searchSpeed,
  "2026-11-26-05-search-changes": searchChanges,
  "2026-11-26-06-koreader-sync": koreaderSync,
  "2026-11-26-10-analytics": analytics,
  "2026-11-26-11-analytics-rollups": analyticsRollups,
  "2026-11-26-13-push-kinds": pushKinds,
  "2026-11-26-09-plus": plus,
  "2026-11-26-12-referrals": referrals,
  "2026-11-26-16-scale-indexes": scaleIndexes,
  "2026-11-27-01-book-json": bookJson,
  "2026-11-27-02-genre-books": genreBooks,
  "2026-11-27-03-book-json-counters": bookJsonCounters,
  "2026-11-27-04-book-json-display": bookJsonDisplay,
};
