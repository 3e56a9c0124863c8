import { AlertTriangle, RotateCw } from "lucide-react";
import { errorMessage } from "../lib/errors";
import { Button } from "./button";

export interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  title?: string;
  isRetrying?: boolean;
  compact?: boolean;
}

/** Shows the API's own message (AppError) and a Retry button. */
export function ErrorState({
  error,
  onRetry,
  title = "Something went wrong",
  isRetrying = false,
  compact = false,
}: ErrorStateProps) {
  return (
    <div
      role="alert"
      data-testid="error-state"
      className={`flex flex-col items-start gap-3 rounded-2xl border border-line bg-surface ${compact ? "p-4" : "p-6"}`}
    >
      <div className="flex items-start gap-3">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
        <div>
          <p className="font-semibold text-ink">{title}</p>
          <p className="mt-1 text-ink-muted text-sm" data-testid="error-message">
            {errorMessage(error)}
          </p>
        </div>
      </div>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry} disabled={isRetrying}>
          <RotateCw aria-hidden="true" className={`size-4 ${isRetrying ? "motion-safe:animate-spin" : ""}`} />
          {isRetrying ? "Retrying…" : "Retry"}
        </Button>
      ) : null}
    </div>
  );
}
