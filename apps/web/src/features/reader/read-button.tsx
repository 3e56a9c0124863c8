import type { Book } from "@quire/core";
import { useQuery } from "@tanstack/react-query";
import { BookOpen, CalendarClock } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../components/button";
import { useSession } from "../auth/session";
import { progressQuery } from "./reader-queries";

/**
 * The book page's way into the reader: "Continue reading" when the signed-in reader has a place in
 * the book (the reader resumes there), else "Start reading". A scheduled book waits for its launch.
 */
export function ReadButton({ book }: { book: Pick<Book, "id" | "status"> }) {
  const session = useSession();
  const progress = useQuery({ ...progressQuery(book.id), enabled: session.status === "signed-in" });
  if (book.status === "scheduled") {
    return (
      <p className={buttonClasses("secondary", "md", "w-full cursor-default")} data-testid="read-button">
        <CalendarClock aria-hidden="true" className="size-4" />
        Readable at launch
      </p>
    );
  }
  const saved = progress.data?.progress;
  return (
    <div className="flex w-full flex-col items-center gap-1.5">
      <Link
        to={`/read/${encodeURIComponent(book.id)}`}
        className={buttonClasses("primary", "md", "w-full")}
        data-testid="read-button"
      >
        <BookOpen aria-hidden="true" className="size-4" />
        {saved ? "Continue reading" : "Start reading"}
      </Link>
      {saved ? (
        <p className="text-ink-muted text-xs" data-testid="read-progress">
          {saved.isRead ? "Finished" : `${saved.progress}% read`}
        </p>
      ) : null}
    </div>
  );
}
