import type { DehydratedState } from "@tanstack/react-query";
import type { HydrationState } from "react-router";

/** The id of the `<script type="application/json">` the server writes the page's data into. */
export const SSR_STATE_ID = "quire-state";

/** What a server-rendered page hands to the app: its queries' answers and the router's state. */
export interface SsrState {
  queries: DehydratedState;
  router: HydrationState;
}

/** JSON safe inside a script element: no `<` can close it or open a comment. */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The state of the page as the server rendered it, or null for a page the server left to the app. */
export function readSsrState(doc: Document): SsrState | null {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as SsrState) : null;
}

/** The queries whose answers came with the server-rendered page, until the reader first goes to another page. */
const broughtByPage = new Set<string>();

export function keepBroughtByPage(state: DehydratedState): void {
  for (const query of state.queries) broughtByPage.add(query.queryHash);
}

export function forgetBroughtByPage(): void {
  broughtByPage.clear();
}

/**
 * The `staleTime` of a read fetched again on every visit (a reader's home, progress, settings): an answer
 * the server-rendered page brought was read for this very visit, so it is not fetched again while the
 * reader stays on that page; anywhere else it is stale at once.
 */
export function staleAfterVisit(query: { queryHash: string }): number {
  return broughtByPage.has(query.queryHash) ? Number.POSITIVE_INFINITY : 0;
}
