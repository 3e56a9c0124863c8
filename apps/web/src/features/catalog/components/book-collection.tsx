import type { BookSummary } from "@quire/core";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { LoadingStatus, placeholderKeys } from "../../../components/skeleton";
import { BookCard, BookCardSkeleton } from "./book-card";

export const GRID_CLASSES =
  "grid grid-cols-2 gap-x-4 gap-y-7 xs:grid-cols-3 sm:gap-x-5 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6";

export interface BookGridProps {
  books: readonly BookSummary[];
  label?: string;
  className?: string;
  testId?: string;
  eagerCount?: number;
}

export function BookGrid({ books, label, className = GRID_CLASSES, testId, eagerCount = 0 }: BookGridProps) {
  return (
    <ul className={className} aria-label={label} data-testid={testId}>
      {books.map((book, index) => (
        <li key={book.id}>
          <BookCard book={book} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

export function BookGridSkeleton({
  count,
  className = GRID_CLASSES,
  label,
}: {
  count: number;
  className?: string;
  label?: string;
}) {
  return (
    <>
      <LoadingStatus label={label} />
      <ul className={className} aria-hidden="true">
        {placeholderKeys(count).map((key) => (
          <li key={key}>
            <BookCardSkeleton />
          </li>
        ))}
      </ul>
    </>
  );
}

const ROW_LIST =
  "flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pt-1 pb-3 scroll-px-4 sm:gap-5 md:px-6 md:scroll-px-6 lg:px-8 lg:scroll-px-8";
const ROW_ITEM = "w-[8.5rem] shrink-0 snap-start sm:w-40 lg:w-44";

/**
 * A horizontally scrolling shelf; `trailing` is appended as the last item (e.g. "Load more").
 * Touch and trackpads scroll it directly, keyboard focus scrolls it into view, and on wider
 * screens two arrow buttons page through it.
 */
export function BookRow({
  books,
  label,
  trailing,
  testId,
}: {
  books: readonly BookSummary[];
  label: string;
  trailing?: ReactNode;
  testId?: string;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const start = list.scrollLeft <= 4;
    const end = list.scrollLeft + list.clientWidth >= list.scrollWidth - 4;
    setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    measure();
    list.addEventListener("scroll", measure, { passive: true });
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(measure) : null;
    observer?.observe(list);
    return () => {
      list.removeEventListener("scroll", measure);
      observer?.disconnect();
    };
  }, [measure]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the edges move when books are added (e.g. "Load more").
  useEffect(measure, [books.length, measure]);

  const page = (direction: 1 | -1) => {
    const list = listRef.current;
    if (!list) return;
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    list.scrollBy({ left: direction * list.clientWidth * 0.85, behavior: reduceMotion ? "auto" : "smooth" });
  };

  const arrow =
    "absolute top-[calc(var(--row-cover-h)/2)] z-10 hidden size-10 -translate-y-1/2 items-center justify-center rounded-full border border-line-strong bg-surface/95 text-ink shadow-card transition-opacity hover:bg-sunken disabled:pointer-events-none disabled:opacity-0 md:flex";

  return (
    <div className="relative -mx-4 [--row-cover-h:15rem] md:-mx-6 lg:-mx-8 lg:[--row-cover-h:16.5rem]">
      <ul ref={listRef} className={ROW_LIST} aria-label={label} data-testid={testId}>
        {books.map((book) => (
          <li key={book.id} className={ROW_ITEM}>
            <BookCard book={book} />
          </li>
        ))}
        {trailing ? <li className={`${ROW_ITEM} flex`}>{trailing}</li> : null}
      </ul>
      <button
        type="button"
        className={`${arrow} left-2 lg:left-3`}
        onClick={() => page(-1)}
        disabled={edges.start}
        aria-label={`Scroll ${label} back`}
        tabIndex={-1}
      >
        <ChevronLeft aria-hidden="true" className="size-5" />
      </button>
      <button
        type="button"
        className={`${arrow} right-2 lg:right-3`}
        onClick={() => page(1)}
        disabled={edges.end}
        aria-label={`Scroll ${label} forward`}
        tabIndex={-1}
      >
        <ChevronRight aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}

export function BookRowSkeleton({ count = 6, label }: { count?: number; label?: string }) {
  return (
    <>
      <LoadingStatus label={label} />
      <div className="-mx-4 overflow-hidden md:-mx-6 lg:-mx-8" aria-hidden="true">
        <div className="flex gap-4 px-4 pt-1 pb-3 sm:gap-5 md:px-6 lg:px-8">
          {placeholderKeys(count).map((key) => (
            <div key={key} className={ROW_ITEM}>
              <BookCardSkeleton />
            </div>
          ))}
        </div>
      </div>
    </>
  );
}
