import { AsyncLocalStorage } from "node:async_hooks";
import { text } from "node:stream/consumers";
import { dehydrate, type Query, type QueryClient, skipToken } from "@tanstack/react-query";
import { prerenderToNodeStream } from "react-dom/static";
import {
  createStaticHandler,
  createStaticRouter,
  type DataRouteObject,
  matchRoutes,
  StaticRouterProvider,
} from "react-router";
import { AppProviders } from "./app-providers";
import { sessionQuery } from "./features/auth/session";
import { hasErrorCode } from "./lib/errors";
import { createQueryClient } from "./lib/query-client";
import { createThemeController } from "./lib/theme";
import { routes } from "./router";
import { serializeSsrState } from "./ssr-state";

/** Answers the app's same-origin API calls in the server's own process, as the page's visitor. */
export type LocalFetch = (path: string, init: RequestInit) => Promise<Response>;

export interface RenderedPage {
  status: number;
  /** The markup of #root. */
  html: string;
  /** The JSON for the page's `<script type="application/json">`, safe to write inside it as it is. */
  state: string;
  /** False when a read failed: the app then renders the page afresh instead of hydrating an error it cannot rebuild. */
  hydrate: boolean;
}

/**
 * The pages rendered on the server, by route pattern: the public first screens, the reader at a chapter
 * and the not-found page. The others (settings, studio, library, auth) are the signed-in app's and are
 * left to the browser.
 */
const READER_ROUTE = "/read/:bookId/:anchorId?";
const SERVER_RENDERED = new Set(["browse", "search", "books/:id", READER_ROUTE, "u/:username", "*"]);

/**
 * A render shows what the page's queries already hold; the queries it created but could not answer are
 * fetched and the page rendered again. Two rounds reach the queries that depend on a first answer
 * (a profile's books on the profile); anything later stays a skeleton, in the HTML and at hydration alike.
 */
const DATA_ROUNDS = 2;

/** React's markers of a Suspense boundary sent unfinished (`$?`) or failed (`$!`), and any script it adds. */
const UNFINISHED_BOUNDARY = /<!--\$[?!]-->|<script/;

const requestFetch = new AsyncLocalStorage<LocalFetch>();
const networkFetch = globalThis.fetch;
// lib/api-client.ts fetches same-origin paths ("/api/v1/…"); on the server those go to the rendering
// request's LocalFetch. Any other fetch (an absolute URL, or outside a render) is the network's, as before.
globalThis.fetch = (input, init) => {
  const local = requestFetch.getStore();
  return local && typeof input === "string" && input.startsWith("/")
    ? local(input, init ?? {})
    : networkFetch(input, init);
};

// One handler for the process: it resolves each lazy route once and keeps it.
const handler = createStaticHandler(routes);

function isServerRendered(url: URL): boolean {
  const matches = matchRoutes(routes, url.pathname);
  const leaf = matches?.at(-1);
  if (!leaf) return false;
  if (leaf.route.index) return true;
  // The reader without a chapter only sends the visitor on to a chapter.
  if (leaf.route.path === READER_ROUTE && !leaf.params.anchorId) return false;
  return SERVER_RENDERED.has(leaf.route.path ?? "");
}

function isNotFoundRoute(routesMatched: { route: DataRouteObject }[]): boolean {
  return routesMatched.at(-1)?.route.path === "*";
}

/** A query a render asked for that nothing has fetched yet (and may be fetched: enabled, with a function). */
function isUnanswered(query: Query): boolean {
  const { status, fetchStatus } = query.state;
  const { queryFn } = query.options;
  // An observer's option, kept in the options the query was built with.
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  const isEnabled = typeof enabled === "function" ? enabled(query) : enabled !== false;
  return status === "pending" && fetchStatus === "idle" && isEnabled && Boolean(queryFn) && queryFn !== skipToken;
}

async function fetchUnanswered(queryClient: QueryClient): Promise<boolean> {
  const unanswered = queryClient.getQueryCache().getAll().filter(isUnanswered);
  // A failed read is kept in its query (the page shows its error state), as in the browser.
  await Promise.all(unanswered.map((query) => query.fetch().catch(() => undefined)));
  return unanswered.length > 0;
}

/**
 * Renders `url` as its visitor sees it on arrival, or null when the page is left to the browser (not a
 * server-rendered route, or a redirect). The API calls of the render go through `localFetch`.
 */
export async function render(url: URL, localFetch: LocalFetch): Promise<RenderedPage | null> {
  if (!isServerRendered(url)) return null;
  return requestFetch.run(localFetch, async () => {
    const context = await handler.query(new Request(url));
    if (context instanceof Response) return null;
    const queryClient = createQueryClient();
    // Retrying would only hold the page back, and a failed read shows its error state, not a skeleton
    // waiting for a retry; the browser retries what failed here.
    queryClient.setDefaultOptions({
      queries: { ...queryClient.getDefaultOptions().queries, retry: false, retryOnMount: false },
    });
    const router = createStaticRouter(handler.dataRoutes, context);
    const page = (
      <AppProviders queryClient={queryClient} themeController={createThemeController()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    );
    // A finished Suspense boundary larger than the chunk size (a signed-in home) is otherwise sent apart, with an
    // inline script to move it into place: the CSP refuses that script, and hydration would find it missing.
    const renderPage = async () =>
      text((await prerenderToNodeStream(page, { progressiveChunkSize: Number.POSITIVE_INFINITY })).prelude);

    // Who is reading first: the screens' queries that follow the session (a signed-in reader's progress,
    // star, follow, reader settings, home) are then created in the first render, and the rounds reach
    // those that depend on their answers. A visitor's (or an expired cookie's) answer is null.
    await queryClient.prefetchQuery(sessionQuery());
    let html = await renderPage();
    for (let round = 0; round < DATA_ROUNDS && (await fetchUnanswered(queryClient)); round++) html = await renderPage();

    // A boundary left pending or errored in the HTML would be finished by an inline script the CSP refuses,
    // and hydrated wrong: such a page is left to the browser, as the shell.
    if (UNFINISHED_BOUNDARY.test(html)) return null;

    const failed = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === "error");
    const notFound =
      isNotFoundRoute(context.matches) || failed.some((query) => hasErrorCode(query.state.error, "not-found"));
    const hasRouteErrors = context.errors !== null && Object.keys(context.errors).length > 0;
    return {
      status: notFound ? 404 : context.statusCode,
      html,
      state: serializeSsrState({
        queries: dehydrate(queryClient),
        router: { loaderData: context.loaderData, actionData: context.actionData },
      }),
      hydrate: failed.length === 0 && !hasRouteErrors,
    };
  });
}
