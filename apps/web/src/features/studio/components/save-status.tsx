import { CheckCircle2, CloudUpload, LoaderCircle, TriangleAlert } from "lucide-react";
import { errorMessage } from "../../../lib/errors";
import type { SaveStatus } from "../use-autosave";

/** "Saved", "Saving…", "Unsaved changes" or the failure with Retry, in a polite live region. */
export function SaveStatusText({
  status,
  error,
  onRetry,
}: {
  status: SaveStatus;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <div role="status" className="flex items-center gap-1.5 text-sm" data-testid="save-status">
      {status === "saved" ? (
        <>
          <CheckCircle2 aria-hidden="true" className="size-4 text-sage-ink" />
          <span className="text-ink-muted">Saved</span>
        </>
      ) : status === "saving" ? (
        <>
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-ink-muted" />
          <span className="text-ink-muted">Saving…</span>
        </>
      ) : status === "pending" ? (
        <>
          <CloudUpload aria-hidden="true" className="size-4 text-ink-muted" />
          <span className="text-ink-muted">Unsaved changes</span>
        </>
      ) : (
        <>
          <TriangleAlert aria-hidden="true" className="size-4 text-danger" />
          <span className="text-danger">Not saved: {errorMessage(error)}</span>
          <button
            type="button"
            onClick={onRetry}
            className="font-medium text-accent underline underline-offset-2 max-md:min-h-11 max-md:px-2"
          >
            Retry
          </button>
        </>
      )}
    </div>
  );
}
