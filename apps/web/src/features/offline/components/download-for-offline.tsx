import { CheckCircle2, CloudDownload, Trash2 } from "lucide-react";
import { useId } from "react";
import { Button } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { useHydrated } from "../../../lib/use-hydrated";
import { formatBytes } from "../../uploads";
import { offlineSupported } from "../download-manager";
import { useBookDownload } from "../queries";
import { useOnline } from "../use-online";

export const OFFLINE_DOWNLOAD_REASON = "You're offline: connect to download this book.";

interface DownloadForOfflineProps {
  book: { id: string; title: string };
  /** One small button for a card: the size and removal stay on the book page and in the library. */
  compact?: boolean;
}

/** "Download for offline" with the device's free space, a progress bar while it runs, then "Remove download". */
export function DownloadForOffline({ book, compact = false }: DownloadForOfflineProps) {
  const online = useOnline();
  const reasonId = useId();
  const { record, storage, progress, download, remove } = useBookDownload(book.id);
  // Only the browser knows: a server-rendered page gets the button once hydrated.
  const hydrated = useHydrated();
  if (!hydrated || !offlineSupported()) return null;
  const free = storage ? formatBytes(Math.max(0, storage.quota - storage.usage)) : null;

  if (progress !== null) return <DownloadProgressBar title={book.title} percent={progress} compact={compact} />;
  if (record) {
    if (compact) {
      return (
        <span className="inline-flex items-center gap-1 text-sage-ink text-xs" data-testid="offline-downloaded">
          <CheckCircle2 aria-hidden="true" className="size-3.5" />
          Downloaded
        </span>
      );
    }
    return (
      <div className="flex w-full flex-col items-center gap-1 text-center" data-testid="offline-download">
        <p className="flex items-center gap-1.5 font-medium text-sage-ink text-sm">
          <CheckCircle2 aria-hidden="true" className="size-4" />
          Downloaded for offline
        </p>
        <p className="text-ink-muted text-xs" data-testid="offline-storage">
          Uses {formatBytes(record.bytes)}
          {free ? ` · ${free} free` : ""}
        </p>
        <Button variant="ghost" size="sm" onClick={() => remove.mutate()} disabled={remove.isPending}>
          <Trash2 aria-hidden="true" className="size-4" />
          Remove download
        </Button>
      </div>
    );
  }
  const label = compact ? `Download ${book.title} for offline` : undefined;
  return (
    <div
      className={compact ? "inline-flex" : "flex w-full flex-col items-center gap-1 text-center"}
      data-testid="offline-download"
    >
      <Button
        variant="ghost"
        size="sm"
        aria-label={label}
        title={compact ? (online ? label : OFFLINE_DOWNLOAD_REASON) : undefined}
        aria-describedby={online ? undefined : reasonId}
        disabled={!online || download.isPending}
        onClick={() => download.mutate()}
        className={compact ? "px-2" : ""}
      >
        <CloudDownload aria-hidden="true" className="size-4" />
        {compact ? null : "Download for offline"}
      </Button>
      {!online ? (
        <p id={reasonId} className={compact ? "sr-only" : "text-ink-muted text-xs"}>
          {OFFLINE_DOWNLOAD_REASON}
        </p>
      ) : free && !compact ? (
        <p className="text-ink-muted text-xs" data-testid="offline-storage">
          {free} free on this device
        </p>
      ) : null}
      {download.isError && !compact ? (
        <FormAlert testId="offline-download-error">{download.error.message}</FormAlert>
      ) : null}
    </div>
  );
}

function DownloadProgressBar({ title, percent, compact }: { title: string; percent: number; compact: boolean }) {
  return (
    <div className={compact ? "flex w-20 flex-col gap-1" : "flex w-full flex-col gap-1.5"}>
      <div
        role="progressbar"
        aria-label={`Downloading ${title} for offline`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid="offline-download-progress"
        className="h-1.5 w-full overflow-hidden rounded-full bg-sunken"
      >
        <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {compact ? null : <p className="text-center text-ink-muted text-xs">Downloading for offline… {percent}%</p>}
    </div>
  );
}
