import type { Annotation } from "@quire/core";
import { Bookmark, Highlighter, NotebookPen, PencilLine, Trash2 } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonClasses } from "../../components/button";
import { ErrorState } from "../../components/error-state";
import { ReaderSheet } from "../../components/reader-sheet";
import { signInPathFor } from "../auth";
import { COLOR_NAMES, ColorDot } from "./highlight-colors";

/** The reader turns pages on arrow keys and Space: not while the keyboard is in the panel. */
function keepKeysHere(node: HTMLDivElement | null) {
  if (!node) return;
  const keepKeys = (event: KeyboardEvent) => event.stopPropagation();
  node.addEventListener("keydown", keepKeys);
  return () => node.removeEventListener("keydown", keepKeys);
}

const KIND_ICONS = { bookmark: Bookmark, highlight: Highlighter, note: NotebookPen } as const;
const KIND_NAMES = { bookmark: "Bookmark", highlight: "Highlight", note: "Note" } as const;

/** Annotations grouped by chapter, keeping the server's book order. */
function byChapter(items: Annotation[]): { anchorId: string; name: string; items: Annotation[] }[] {
  const groups: { anchorId: string; name: string; items: Annotation[] }[] = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last?.anchorId === item.anchorId) last.items.push(item);
    else groups.push({ anchorId: item.anchorId, name: item.chapterName || "Untitled chapter", items: [item] });
  }
  return groups;
}

/**
 * The reader's bookmarks, highlights and notes in this book, by chapter; choosing one goes there. A
 * passage a newer edition no longer has stays listed, marked "Text changed".
 */
export function AnnotationsSheet({
  open,
  onClose,
  signedIn,
  items,
  error,
  onRetry,
  onChoose,
  onEditNote,
  onDelete,
}: {
  open: boolean;
  onClose(): void;
  signedIn: boolean;
  items: Annotation[] | undefined;
  error: unknown;
  onRetry(): void;
  onChoose(annotation: Annotation): void;
  onEditNote(annotation: Annotation): void;
  onDelete(annotation: Annotation): void;
}) {
  const { pathname, search } = useLocation();
  return (
    <ReaderSheet open={open} onClose={onClose} title="Notes and highlights" side="right" testId="annotations-panel">
      <div ref={keepKeysHere} className="px-3 py-3">
        {!signedIn ? (
          <div className="flex flex-col items-start gap-3 px-1 py-2">
            <p className="text-ink-muted text-sm">Sign in to keep bookmarks, highlights and notes on every device.</p>
            <Link to={signInPathFor(`${pathname}${search}`)} className={buttonClasses("primary", "sm")}>
              Sign in
            </Link>
          </div>
        ) : error ? (
          <ErrorState error={error} onRetry={onRetry} />
        ) : !items ? (
          <p role="status" className="px-1 py-2 text-ink-muted text-sm">
            Loading…
          </p>
        ) : items.length === 0 ? (
          <p className="px-1 py-2 text-ink-muted text-sm" data-testid="annotations-empty">
            Nothing yet. Select text to highlight it or add a note, or bookmark a page with the bookmark button.
          </p>
        ) : (
          byChapter(items).map((group) => (
            <section key={group.anchorId} aria-label={group.name} className="mb-4">
              <h3 className="px-1 pb-1.5 font-semibold text-ink-muted text-xs uppercase tracking-wide">{group.name}</h3>
              <ul className="flex flex-col gap-2">
                {group.items.map((item) => (
                  <AnnotationItem
                    key={item.id}
                    annotation={item}
                    onChoose={() => onChoose(item)}
                    onEditNote={() => onEditNote(item)}
                    onDelete={() => onDelete(item)}
                  />
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
    </ReaderSheet>
  );
}

function AnnotationItem({
  annotation,
  onChoose,
  onEditNote,
  onDelete,
}: {
  annotation: Annotation;
  onChoose(): void;
  onEditNote(): void;
  onDelete(): void;
}) {
  const Icon = KIND_ICONS[annotation.kind];
  const kind = KIND_NAMES[annotation.kind];
  const passage = annotation.kind !== "bookmark";
  return (
    <li className="rounded-xl border border-line bg-paper" data-testid="annotation-item">
      <button
        type="button"
        onClick={onChoose}
        disabled={annotation.textChanged}
        aria-label={`${kind}: ${annotation.quote ?? "this page"}. Go there`}
        className="flex w-full items-start gap-2.5 rounded-t-xl px-3 pt-2.5 pb-2 text-left transition-colors hover:bg-sunken disabled:cursor-default disabled:hover:bg-transparent"
      >
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="line-clamp-3 font-serif text-ink text-sm leading-snug">
            {annotation.quote || "Bookmarked page"}
          </span>
          {annotation.note ? (
            <span className="whitespace-pre-wrap text-ink-muted text-sm" data-testid="annotation-note">
              {annotation.note}
            </span>
          ) : null}
        </span>
      </button>
      <div className="flex items-center gap-1 px-2 pb-1.5">
        {annotation.color ? (
          <span className="inline-flex items-center gap-1.5 px-1 text-ink-faint text-xs">
            <ColorDot color={annotation.color} />
            {COLOR_NAMES[annotation.color]}
          </span>
        ) : null}
        {annotation.textChanged ? (
          <span
            className="rounded-full bg-danger-soft px-2 py-0.5 font-medium text-danger-ink text-xs"
            title="A newer edition of the book no longer has this text. Your note is kept."
          >
            Text changed
          </span>
        ) : null}
        <span className="flex-1" />
        {passage ? (
          <button
            type="button"
            onClick={onEditNote}
            aria-label={annotation.note ? "Edit note or colour" : "Add note or change colour"}
            title={annotation.note ? "Edit note or colour" : "Add note or change colour"}
            className={ITEM_BUTTON}
          >
            <PencilLine aria-hidden="true" className="size-4" />
          </button>
        ) : null}
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Delete ${kind.toLowerCase()}`}
          title="Delete"
          className={ITEM_BUTTON}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </div>
    </li>
  );
}

const ITEM_BUTTON =
  "inline-flex size-8 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-sunken hover:text-ink";
