import { CloudDownload, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/button";
import { BookCover } from "../../catalog";
import { formatBytes } from "../../uploads";
import { type DownloadRecord, offlineSupported } from "../download-manager";
import { useBookDownload, useDownloads } from "../queries";

/** The library's list of books kept on this device, each with its size and "Remove download". */
export function DownloadedBooks() {
  const downloads = useDownloads();
  if (!offlineSupported()) return null;
  return (
    <section aria-labelledby="downloaded-heading" className="flex flex-col gap-4" data-testid="downloaded-books">
      <h2 id="downloaded-heading" className="font-semibold font-serif text-2xl text-ink">
        Downloaded
      </h2>
      {downloads.data && downloads.data.length > 0 ? (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {downloads.data.map((record) => (
            <li key={record.bookId}>
              <DownloadedBook record={record} />
            </li>
          ))}
        </ul>
      ) : downloads.isSuccess ? (
        <p className="flex items-center gap-2 text-ink-muted text-sm">
          <CloudDownload aria-hidden="true" className="size-4 shrink-0" />
          Nothing downloaded. "Download for offline" on a book's page keeps it readable without a connection.
        </p>
      ) : null}
    </section>
  );
}

function DownloadedBook({ record }: { record: DownloadRecord }) {
  const { remove } = useBookDownload(record.bookId);
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3">
      <div className="w-10 shrink-0">
        <BookCover
          book={{ id: record.bookId, title: record.title, authors: record.authors, imageUrl: record.imageUrl }}
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <Link
          to={`/read/${encodeURIComponent(record.bookId)}`}
          className="truncate font-semibold font-serif text-ink hover:text-accent"
        >
          {record.title}
        </Link>
        <span className="text-ink-muted text-xs">{formatBytes(record.bytes)}</span>
      </div>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Remove download of ${record.title}`}
        onClick={() => remove.mutate()}
        disabled={remove.isPending}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}
