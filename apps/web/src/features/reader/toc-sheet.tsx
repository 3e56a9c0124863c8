import type { TocEntry } from "@quire/core";
import { Search } from "lucide-react";
import { ReaderSheet } from "../../components/reader-sheet";

/**
 * The book's table of contents (the EPUB's own, nested, some entries pointing inside a chapter);
 * the current chapter is marked and scrolled into view.
 */
export function TocSheet({
  open,
  onClose,
  onClosed,
  entries,
  currentAnchorId,
  onChoose,
  onSearch,
}: {
  open: boolean;
  onClose(): void;
  onClosed(): void;
  entries: TocEntry[];
  currentAnchorId: string;
  onChoose(entry: TocEntry): void;
  /** Phones reach the book search here: their top bar has no room for its button. */
  onSearch(): void;
}) {
  return (
    <ReaderSheet open={open} onClose={onClose} onClosed={onClosed} title="Contents" side="left" testId="toc">
      <div className="px-2 pt-2 sm:hidden">
        <button
          type="button"
          onClick={onSearch}
          className="flex w-full items-center gap-2 rounded-lg border border-line px-3 py-2 text-left text-ink-muted text-sm transition-colors hover:bg-sunken hover:text-ink"
        >
          <Search aria-hidden="true" className="size-4" />
          Search in this book
        </button>
      </div>
      <nav aria-label="Table of contents" className="px-2 py-2">
        <TocList entries={entries} currentAnchorId={currentAnchorId} onChoose={onChoose} depth={0} />
      </nav>
    </ReaderSheet>
  );
}

function TocList({
  entries,
  currentAnchorId,
  onChoose,
  depth,
}: {
  entries: TocEntry[];
  currentAnchorId: string;
  onChoose(entry: TocEntry): void;
  depth: number;
}) {
  return (
    <ol className={depth > 0 ? "border-line border-l pl-3" : ""}>
      {entries.map((entry, index) => {
        const current = entry.anchorId === currentAnchorId && !entry.fragment;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a book's contents never reorder, and two entries may point at the same place.
          <li key={`${entry.anchorId}#${entry.fragment ?? ""}-${index}`}>
            <button
              type="button"
              onClick={() => onChoose(entry)}
              aria-current={current ? "location" : undefined}
              ref={(element) => {
                if (current) element?.scrollIntoView({ block: "center" });
              }}
              className={`w-full rounded-lg px-3 py-2 text-left text-sm leading-snug transition-colors hover:bg-sunken ${
                current
                  ? "bg-accent-soft font-semibold text-accent-soft-ink"
                  : depth > 0
                    ? "text-ink-muted"
                    : "text-ink"
              }`}
            >
              {entry.title}
            </button>
            {entry.children.length > 0 ? (
              <TocList
                entries={entry.children}
                currentAnchorId={currentAnchorId}
                onChoose={onChoose}
                depth={depth + 1}
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
