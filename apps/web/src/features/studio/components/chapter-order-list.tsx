import type { StudioChapterSummary } from "@quire/core";
import { ArrowDown, ArrowUp } from "lucide-react";
import { useRef, useState } from "react";
import { NavLink } from "react-router";
import { formatNumber } from "../../../lib/format";

export interface ChapterOrderListProps {
  bookId: string;
  chapters: StudioChapterSummary[];
  /** Called with every anchor in the new order; the list shows the order it is given. */
  onReorder: (anchorIds: string[]) => void;
  busy?: boolean;
}

/**
 * The book's chapters, each a link to its editor, with Move up / Move down buttons: reordering by
 * keyboard as much as by pointer. Focus stays on the button that moved its chapter (or its twin,
 * at an end of the list), and a live region says where the chapter went.
 */
export function ChapterOrderList({ bookId, chapters, onReorder, busy = false }: ChapterOrderListProps) {
  const [announcement, setAnnouncement] = useState("");
  const list = useRef<HTMLOListElement>(null);

  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    const moving = chapters[index];
    if (!moving || target < 0 || target >= chapters.length || busy) return;
    const order = chapters.map((chapter) => chapter.anchorId);
    order.splice(index, 1);
    order.splice(target, 0, moving.anchorId);
    onReorder(order);
    setAnnouncement(`Moved “${moving.name}” to position ${target + 1} of ${chapters.length}.`);
    // After React renders the new order, keep the keyboard on the chapter that moved.
    requestAnimationFrame(() => {
      const stillPossible = by < 0 ? target > 0 : target < chapters.length - 1;
      const direction = by < 0 === stillPossible ? "up" : "down";
      list.current
        ?.querySelector<HTMLButtonElement>(`[data-anchor="${moving.anchorId}"][data-move="${direction}"]`)
        ?.focus();
    });
  };

  return (
    <div>
      <ol ref={list} className="flex flex-col gap-1" aria-label="Chapters" data-testid="chapter-list">
        {chapters.map((chapter, index) => (
          <li key={chapter.anchorId} className="flex items-center gap-1">
            <NavLink
              to={`/studio/books/${bookId}/chapters/${chapter.anchorId}`}
              className={({ isActive }) =>
                `flex min-w-0 flex-1 flex-col rounded-lg px-2.5 py-1.5 text-sm transition-colors hover:bg-sunken ${isActive ? "bg-sunken font-semibold text-ink" : "text-ink"}`
              }
            >
              <span className="line-clamp-2 [overflow-wrap:anywhere]">
                {chapter.chapterNumber}. {chapter.name}
              </span>
              <span className="text-ink-muted text-xs">{formatNumber(chapter.wordCount)} words</span>
            </NavLink>
            <button
              type="button"
              data-anchor={chapter.anchorId}
              data-move="up"
              aria-label={`Move “${chapter.name}” up`}
              title="Move up"
              disabled={index === 0}
              aria-disabled={busy || undefined}
              onClick={() => move(index, -1)}
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-ink-muted hover:bg-sunken hover:text-ink disabled:opacity-30 max-md:size-11"
            >
              <ArrowUp aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              data-anchor={chapter.anchorId}
              data-move="down"
              aria-label={`Move “${chapter.name}” down`}
              title="Move down"
              disabled={index === chapters.length - 1}
              aria-disabled={busy || undefined}
              onClick={() => move(index, 1)}
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-ink-muted hover:bg-sunken hover:text-ink disabled:opacity-30 max-md:size-11"
            >
              <ArrowDown aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ol>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
