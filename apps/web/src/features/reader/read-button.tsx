import type { Book } from "@quire/core";
import { useQuery } from "@tanstack/react-query";
import { BookOpen, CalendarClock } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../components/button";
import { track } from "../../lib/analytics";
import { readerPath } from "../../lib/reader-path";
import { useSession } from "../auth";
import { isFinishedAtEnd, ProgressActions, progressText } from "./progress-actions";
import { allChaptersQuery, progressQuery } from "./reader-queries";
import { firstBodyChapter } from "./resume";

/**
 * The book page's way into the reader: "Continue reading" when the signed-in reader has a place in
 * the book (the reader resumes there), "Read again" (from the first body chapter) once they finished it
 * at its end, else "Start reading" (the reader opens the first body chapter); under it the reader's
 * figure and the progress actions. A scheduled book waits for its launch.
 */
export function ReadButton({ book }: { book: Pick<Book, "id" | "status"> }) {
  const session = useSession();
  const signedIn = session.status === "signed-in";
  const progress = useQuery({ ...progressQuery(book.id), enabled: signedIn });
  const saved = progress.data?.progress;
  const readAgain = isFinishedAtEnd(saved);
  const chapters = useQuery({ ...allChaptersQuery(book.id), enabled: readAgain });
  if (book.status === "scheduled") {
    return (
      <p className={buttonClasses("secondary", "md", "w-full cursor-default")} data-testid="read-button">
        <CalendarClock aria-hidden="true" className="size-4" />
        Readable at launch
      </p>
    );
  }
  // Reading again starts where the book does: its first body chapter, past the title page.
  const first = firstBodyChapter(chapters.data ?? []);
  return (
    <div className="flex w-full flex-col items-center gap-1.5">
      <Link
        to={readAgain && first ? readerPath(book.id, first.anchorId) : `/read/${encodeURIComponent(book.id)}`}
        state={readAgain ? { offset: 0 } : undefined}
        className={buttonClasses("primary", "md", "w-full")}
        data-testid="read-button"
        onClick={readAgain || saved ? undefined : () => track("start_reading")}
      >
        <BookOpen aria-hidden="true" className="size-4" />
        {readAgain ? "Read again" : saved ? "Continue reading" : "Start reading"}
      </Link>
      {saved ? (
        <p className="text-ink-muted text-xs" data-testid="read-progress">
          {progressText(saved)}
        </p>
      ) : null}
      {signedIn && progress.isSuccess ? <ProgressActions bookId={book.id} progress={saved} /> : null}
    </div>
  );
}
