import type { Annotation, AnnotationColor } from "@quire/core";
import { denseText } from "@quire/core/reader-locator";
import { useQuery } from "@tanstack/react-query";
import { Bookmark, BookmarkCheck, NotebookText } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useNavigate } from "react-router";
import { errorMessage } from "../../lib/errors";
import { readerPath } from "../../lib/reader-path";
import { useSession } from "../auth";
import { annotationsQuery, useAnnotationMutations } from "./annotations-queries";
import { AnnotationsSheet } from "./annotations-sheet";
import { paintHighlights } from "./frame-highlights";
import { FrameWatcher, firstCharOnScreen, isOnScreen, type TextSelection } from "./frame-watcher";
import { NoteDialog } from "./note-dialog";
import { findPassage, rangeOfChars, wordsFrom } from "./passage-text";
import { SelectionToolbar } from "./selection-toolbar";

/** How much of a passage's text rides along in a jump, to find it again if a new edition moved it. */
const JUMP_QUOTE_LENGTH = 32;

type NoteDraft = { kind: "new"; selection: TextSelection } | { kind: "edit"; annotation: Annotation };

/**
 * Bookmarks, highlights and notes in the reader: the bookmark and panel buttons of the header, the
 * toolbar over selected text, the note editor and the panel. It reaches into the chapter frame on
 * screen (which runs no script) to read selections and paint highlights; its overlays are put into
 * the reader's root, so they take the reader's theme and stay when the header hides.
 */
export function ReaderAnnotations({ bookId }: { bookId: string }) {
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = session.status === "signed-in";
  const annotations = useQuery({ ...annotationsQuery(bookId), enabled: signedIn });
  const { create, update, remove } = useAnnotationMutations(bookId);
  const hostRef = useRef<HTMLSpanElement>(null);
  const [readerRoot, setReaderRoot] = useState<HTMLElement | null>(null);
  const watcher = useRef<FrameWatcher | null>(null);
  const [selection, setSelection] = useState<TextSelection | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const [draft, setDraft] = useState<NoteDraft | null>(null);
  const [bookmarkHere, setBookmarkHere] = useState<Annotation | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [chapterShown, setChapterShown] = useState(0);

  const items = annotations.data;
  const latestItems = useRef(items);
  latestItems.current = items;

  /** The bookmark whose place is on the page on screen, if any. */
  const findBookmarkHere = useCallback(() => {
    const shown = watcher.current?.shown();
    const chapterDense = shown ? denseText(shown.root.textContent ?? "") : "";
    const here = (latestItems.current ?? []).find((item) => {
      if (!shown || item.kind !== "bookmark" || item.anchorId !== shown.anchorId) return false;
      // A bookmark's quote is the words from its place: found again there if a new edition moved them.
      const place = findPassage(chapterDense, { start: item.start, end: null, quote: item.quote });
      const range = place && rangeOfChars(shown.root, place.start, place.start + 1);
      return !!range && isOnScreen(shown.doc, range.getBoundingClientRect());
    });
    setBookmarkHere(here ?? null);
  }, []);

  useEffect(() => {
    const root = hostRef.current?.closest<HTMLElement>('[data-testid="reader"]') ?? null;
    setReaderRoot(root);
    const view = root?.querySelector<HTMLElement>('[data-testid="chapter-view"]');
    if (!view) return;
    // Scrolling reports every frame: the bookmark check walks the chapter's text, once per painted frame is plenty.
    let moveFrame = 0;
    const frames = new FrameWatcher(view, {
      onChapter: () => {
        setSelection(null);
        setChapterShown((count) => count + 1);
      },
      onMove: () => {
        setSelection(null);
        cancelAnimationFrame(moveFrame);
        moveFrame = requestAnimationFrame(findBookmarkHere);
      },
      onSelection: (next) => {
        setFailure(null);
        setSelection(next);
      },
    });
    watcher.current = frames;
    return () => {
      cancelAnimationFrame(moveFrame);
      frames.stop();
      watcher.current = null;
    };
  }, [findBookmarkHere]);

  // Paint the chapter on screen whenever it or the annotations change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: chapterShown is the signal that the frame's text changed.
  useEffect(() => {
    const shown = watcher.current?.shown();
    if (!shown) return;
    paintHighlights(
      shown.doc,
      shown.root,
      (items ?? []).filter((item) => item.anchorId === shown.anchorId),
    );
    findBookmarkHere();
  }, [items, chapterShown, findBookmarkHere]);

  const clearSelection = () => {
    watcher.current?.shown()?.doc.getSelection()?.removeAllRanges();
    setSelection(null);
  };

  const highlight = (color: AnnotationColor, note?: string) => {
    const chosen = draft?.kind === "new" ? draft.selection : selection;
    if (!chosen) return;
    const { anchorId, start, end, quote } = chosen;
    const body = note
      ? { kind: "note" as const, anchorId, start, end, quote, color, note }
      : { kind: "highlight" as const, anchorId, start, end, quote, color };
    create.mutate(body, {
      onSuccess: () => {
        setDraft(null);
        clearSelection();
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  const toggleBookmark = () => {
    setFailure(null);
    if (bookmarkHere) {
      remove.mutate(bookmarkHere.id, { onSuccess: () => setBookmarkHere(null) });
      return;
    }
    const shown = watcher.current?.shown();
    if (!shown) return;
    const start = firstCharOnScreen(shown.root);
    const quote = wordsFrom(shown.root, start);
    create.mutate(
      { kind: "bookmark", anchorId: shown.anchorId, start, ...(quote ? { quote } : {}) },
      {
        onSuccess: (bookmark) => setBookmarkHere(bookmark),
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  const goTo = (annotation: Annotation) => {
    setPanelOpen(false);
    const text = denseText(annotation.quote ?? "").slice(0, JUMP_QUOTE_LENGTH);
    const locator = text ? { char: annotation.start, text } : { char: annotation.start };
    navigate(`${readerPath(bookId, annotation.anchorId)}?at=${annotation.start}`, {
      replace: true,
      state: { offset: 0, locator },
    });
  };

  const saveNote = (note: string, color: AnnotationColor) => {
    if (!draft) return;
    if (draft.kind === "new") {
      highlight(color, note);
      return;
    }
    update.mutate(
      { id: draft.annotation.id, changes: { note: note || null, color } },
      { onSuccess: () => setDraft(null), onError: (error) => setFailure(errorMessage(error)) },
    );
  };

  const overlays: ReactNode = (
    <>
      {selection && signedIn && !draft && !panelOpen ? (
        <SelectionToolbar
          selection={selection}
          busy={create.isPending}
          error={failure}
          onHighlight={(color) => highlight(color)}
          onNote={() => {
            setFailure(null);
            setDraft({ kind: "new", selection });
          }}
        />
      ) : null}
      {draft ? (
        <NoteDialog
          quote={draft.kind === "new" ? draft.selection.quote : (draft.annotation.quote ?? "")}
          initialNote={draft.kind === "edit" ? (draft.annotation.note ?? "") : ""}
          initialColor={(draft.kind === "edit" && draft.annotation.color) || "yellow"}
          busy={create.isPending || update.isPending}
          error={failure}
          onSave={saveNote}
          onCancel={() => {
            setDraft(null);
            setFailure(null);
          }}
        />
      ) : null}
      <AnnotationsSheet
        open={panelOpen}
        onClose={() => setPanelOpen(false)}
        signedIn={signedIn}
        items={items}
        error={annotations.error}
        onRetry={() => annotations.refetch()}
        onChoose={goTo}
        onEditNote={(annotation) => {
          setFailure(null);
          setDraft({ kind: "edit", annotation });
        }}
        onDelete={(annotation) => remove.mutate(annotation.id)}
      />
    </>
  );

  return (
    <span ref={hostRef} className="contents">
      {signedIn ? (
        <HeaderButton label="Bookmark this page" pressed={!!bookmarkHere} onClick={toggleBookmark}>
          {bookmarkHere ? (
            <BookmarkCheck aria-hidden="true" className="size-5 text-accent" />
          ) : (
            <Bookmark aria-hidden="true" className="size-5" />
          )}
        </HeaderButton>
      ) : null}
      <HeaderButton label="Notes and highlights" onClick={() => setPanelOpen(true)}>
        <NotebookText aria-hidden="true" className="size-5" />
      </HeaderButton>
      {readerRoot ? createPortal(overlays, readerRoot) : null}
    </span>
  );
}

function HeaderButton({
  label,
  pressed,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      onClick={onClick}
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-sunken hover:text-ink"
    >
      {children}
    </button>
  );
}
