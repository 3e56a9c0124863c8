import { isQueuedOffline, useHasPendingSync } from "./offline-sync";

export const SAVED_OFFLINE_TEXT = "Saved offline — will sync";

/** Beside an action whose last answer was "queued": shown until the queue has sent everything. */
export function SavedOfflineHint({ answers }: { answers: unknown[] }) {
  const pending = useHasPendingSync();
  const queued = answers.some(isQueuedOffline);
  return (
    <p role="status" className="text-ink-muted text-xs" data-testid="saved-offline">
      {queued && pending ? SAVED_OFFLINE_TEXT : ""}
    </p>
  );
}
