import type { z } from "zod";
import { accountDeletionContract } from "./account-deletion.contract";
import { analyticsEventsContract } from "./analytics-events.contract";
import { analyticsSummaryContract } from "./analytics-summary.contract";
import { annotationsContract } from "./annotations.contract";
import { authContract } from "./auth.contract";
import { bookSearchContract } from "./book-search.contract";
import { catalogContract } from "./catalog.contract";
import { devicePasswordsContract } from "./device-passwords.contract";
import { exportContract } from "./export.contract";
import { feedContract } from "./feed.contract";
import { homeContract } from "./home.contract";
import { libraryContract } from "./library.contract";
import { localeContract } from "./locale.contract";
import { plusContract } from "./plus.contract";
import { profileContract } from "./profile.contract";
import { pushContract } from "./push.contract";
import { readerSettingsContract } from "./reader-settings.contract";
import { readingContract } from "./reading.contract";
import { readingActivityContract } from "./reading-activity.contract";
import { searchContract } from "./search.contract";
import { socialContract } from "./social.contract";
import { socialAuthContract } from "./social-auth.contract";
import { studioContract } from "./studio.contract";
import { uploadsContract } from "./uploads.contract";

/**
 * Every operation of every contract by name. The web reaches it with `import type` only (its typed
 * client takes methods and paths from the zod-free API_OPERATIONS), so no schema enters the bundle.
 */
export const apiContract = {
  ...accountDeletionContract,
  ...analyticsEventsContract,
  ...analyticsSummaryContract,
  ...annotationsContract,
  ...authContract,
  ...bookSearchContract,
  ...catalogContract,
  ...devicePasswordsContract,
  ...exportContract,
  ...feedContract,
  ...homeContract,
  ...libraryContract,
  ...localeContract,
  ...plusContract,
  ...profileContract,
  ...pushContract,
  ...readerSettingsContract,
  ...readingContract,
  ...readingActivityContract,
  ...searchContract,
  ...socialContract,
  ...socialAuthContract,
  ...studioContract,
  ...uploadsContract,
} as const;

export type ApiContract = typeof apiContract;
export type ApiOperationName = keyof ApiContract;

type Schema<K extends ApiOperationName, Field extends string> = ApiContract[K] extends {
  readonly [F in Field]: infer S extends z.ZodType;
}
  ? S
  : never;

/** Some contracts name the query string `query`, others `querystring`. */
type QuerySchema<K extends ApiOperationName> = [Schema<K, "querystring">] extends [never]
  ? Schema<K, "query">
  : Schema<K, "querystring">;

/** A part the operation does not take is absent; one its schema accepts without (`Empty`) is optional. */
type RequestPart<Name extends string, S, Empty> = [S] extends [never]
  ? unknown
  : S extends z.ZodType
    ? [Empty] extends [z.input<S>]
      ? { [P in Name]?: z.input<S> }
      : { [P in Name]: z.input<S> }
    : never;

/** Never accepted by a params schema, so path params are always required. */
declare const required: unique symbol;

/** What a client sends for an operation: path params, query and body as their schemas accept them. */
export type ApiRequest<K extends ApiOperationName> = RequestPart<"params", Schema<K, "params">, typeof required> &
  RequestPart<"query", QuerySchema<K>, Record<string, never>> &
  RequestPart<"body", Schema<K, "body">, undefined>;

/** What an operation answers, as its response schema outputs it; undefined when it answers without a body. */
export type ApiResponse<K extends ApiOperationName> = [Schema<K, "response">] extends [never]
  ? undefined
  : z.output<Schema<K, "response">>;
