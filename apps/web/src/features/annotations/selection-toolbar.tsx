import type { AnnotationColor } from "@quire/core";
import { ANNOTATION_COLORS } from "@quire/core/constants";
import { NotebookPen } from "lucide-react";
import type { TextSelection } from "./frame-watcher";
import { COLOR_NAMES, ColorDot } from "./highlight-colors";

const TOOLBAR_HEIGHT = 48;
const GAP = 10;

/**
 * Floats over a selection in the text: a highlight in one of four colours, or a note. It sits above
 * the selection's first line, or under its last when there is no room above it in the text's part of
 * the screen (the reader's header stays uncovered).
 */
export function SelectionToolbar({
  selection,
  busy,
  error,
  onHighlight,
  onNote,
}: {
  selection: TextSelection;
  busy: boolean;
  error: string | null;
  onHighlight(color: AnnotationColor): void;
  onNote(): void;
}) {
  const { first, last, view } = selection;
  const above = first.top - TOOLBAR_HEIGHT - GAP;
  const top = above >= view.top + 4 ? above : Math.min(last.bottom + GAP, view.bottom - TOOLBAR_HEIGHT - 4);
  const centre = (first.left + first.right) / 2;
  return (
    <div
      role="toolbar"
      aria-label="Highlight the selected text"
      data-testid="selection-toolbar"
      className="fixed z-30 flex -translate-x-1/2 flex-col items-center gap-1"
      style={{ top, left: `clamp(9rem, ${centre}px, calc(100vw - 9rem))` }}
      // The selection lives in the frame: pressing a button here must not take it away first.
      onPointerDown={(event) => event.preventDefault()}
    >
      <div className="flex items-center gap-1 rounded-full border border-line bg-surface p-1 shadow-card">
        {ANNOTATION_COLORS.map((color) => (
          <button
            key={color}
            type="button"
            disabled={busy}
            onClick={() => onHighlight(color)}
            aria-label={`Highlight ${COLOR_NAMES[color].toLowerCase()}`}
            title={`Highlight ${COLOR_NAMES[color].toLowerCase()}`}
            className="inline-flex size-10 items-center justify-center rounded-full transition-colors hover:bg-sunken disabled:opacity-50"
          >
            <ColorDot color={color} className="size-5" />
          </button>
        ))}
        <span aria-hidden="true" className="mx-0.5 h-6 w-px bg-line" />
        <button
          type="button"
          disabled={busy}
          onClick={onNote}
          className="inline-flex h-10 items-center gap-1.5 rounded-full px-3 font-medium text-ink text-sm transition-colors hover:bg-sunken disabled:opacity-50"
        >
          <NotebookPen aria-hidden="true" className="size-4" />
          Note
        </button>
      </div>
      {error ? (
        <p role="alert" className="max-w-xs rounded-lg bg-surface px-3 py-1.5 text-danger text-xs shadow-card">
          {error}
        </p>
      ) : null}
    </div>
  );
}
