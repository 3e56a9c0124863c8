import type { ChapterRole } from "@quire/core";
import { bookProgressAt } from "@quire/core/progress";

/** A slim, labelled bar: where the reader is in the chapter or in the book. */
export function ReadingProgressBar({
  label,
  percent,
  valueText,
  emphasis = false,
}: {
  label: string;
  percent: number;
  valueText: string;
  emphasis?: boolean;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={`w-full overflow-hidden rounded-full bg-sunken ${emphasis ? "h-1.5" : "h-1"}`}
    >
      <div
        className={`h-full rounded-full transition-[width] duration-200 motion-reduce:transition-none ${emphasis ? "bg-accent" : "bg-ink-faint"}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

/**
 * The book's figure at the reader's place, computed as the server derives it from the chapter
 * progress the reader saves (`bookProgressAt`), so the bar says what the book page will. Until the
 * chapter list (the word counts) has loaded, chapters weigh equally.
 */
export function readerBookPercent(
  chapters: readonly { anchorId: string; wordCount: number; role: ChapterRole }[] | undefined,
  place: { anchorId: string; chapterNumber: number; chapterCount: number; chapterPercent: number },
): number {
  const index = chapters?.findIndex((candidate) => candidate.anchorId === place.anchorId) ?? -1;
  if (chapters && index >= 0)
    return bookProgressAt(
      chapters.map((candidate) => candidate.wordCount),
      index,
      place.chapterPercent,
      chapters.map((candidate) => candidate.role),
    );
  return bookProgressAt(new Array<number>(place.chapterCount).fill(0), place.chapterNumber - 1, place.chapterPercent);
}
