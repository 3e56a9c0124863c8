import type { ChapterContent } from "@quire/core";
import { ChevronsLeft, ChevronsRight } from "lucide-react";
import { ReaderProgressMenu } from "./progress-actions";
import { IconButton } from "./reader-controls";
import { ReadingProgressBar } from "./reading-progress";
import type { bodyChapterPlace } from "./resume";

/** The reader's foot: chapter buttons either side of the place in the chapter and in the book. */
export function ReaderFooter({
  bookId,
  chapter,
  hidden,
  signedIn,
  bodyPlace,
  place,
  seenPercent,
  bookPercent,
  onChapter,
  onStartedOver,
}: {
  bookId: string;
  chapter: ChapterContent;
  hidden: boolean;
  signedIn: boolean;
  /** Where the chapter stands among the body chapters, when it is one. */
  bodyPlace: ReturnType<typeof bodyChapterPlace>;
  /** The page (paginated) or the percent (scrolled) in the chapter. */
  place: string;
  seenPercent: number;
  bookPercent: number;
  onChapter(anchorId: string): void;
  onStartedOver(): void;
}) {
  return (
    <footer hidden={hidden} className="pb-safe shrink-0 border-line border-t bg-paper/95">
      <div className="mx-auto flex max-w-5xl items-center gap-2 px-2 py-2">
        <ChapterButton direction="previous" target={chapter.previous} onChapter={onChapter} />
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex items-baseline justify-between gap-3 text-ink-muted text-xs tabular-nums">
            <span className="truncate" data-testid="reader-place">
              <span className="hidden sm:inline">
                {bodyPlace ? `Chapter ${bodyPlace.number} of ${bodyPlace.count} · ` : null}
              </span>
              {place}
            </span>
            <ReaderProgressMenu bookId={bookId} signedIn={signedIn} onStartedOver={onStartedOver}>
              {bookPercent}% of book
            </ReaderProgressMenu>
          </div>
          <ReadingProgressBar
            label="Place in chapter"
            percent={seenPercent}
            valueText={`${place}, ${seenPercent}% of the chapter`}
            emphasis
          />
          <ReadingProgressBar label="Place in book" percent={bookPercent} valueText={`${bookPercent}% of the book`} />
        </div>
        <ChapterButton direction="next" target={chapter.next} onChapter={onChapter} />
      </div>
    </footer>
  );
}

/** The previous or next chapter's button, named after the chapter it opens; disabled at either end of the book. */
function ChapterButton({
  direction,
  target,
  onChapter,
}: {
  direction: "previous" | "next";
  target: ChapterContent["next"];
  onChapter(anchorId: string): void;
}) {
  const label = direction === "previous" ? "Previous chapter" : "Next chapter";
  const Icon = direction === "previous" ? ChevronsLeft : ChevronsRight;
  return (
    <IconButton
      label={target ? `${label}: ${target.name}` : label}
      disabled={!target}
      onClick={() => target && onChapter(target.anchorId)}
      testId={`${direction}-chapter`}
    >
      <Icon aria-hidden="true" className="size-5" />
    </IconButton>
  );
}
