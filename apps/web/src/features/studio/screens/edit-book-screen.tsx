import type { Me } from "@quire/core";
import { ArrowLeft, Download, PenLine } from "lucide-react";
import { Link, useParams } from "react-router";
import { Button } from "../../../components/button";
import { ErrorState } from "../../../components/error-state";
import { LoadingStatus, Skeleton } from "../../../components/skeleton";
import { formatNumber, pluralize } from "../../../lib/format";
import { useScreenTitle } from "../../../lib/screen-title";
import { RequireSession } from "../../auth";
import { statusBadge } from "../../catalog";
import { BookDetailsForm } from "../components/book-details-form";
import { CoverPicker } from "../components/cover-picker";
import { LaunchPanel } from "../components/launch-panel";
import { smallButton, TAP } from "../components/tap-target";
import { useAddChapter, useStudioBook } from "../queries";
import { studioApi } from "../studio-api";

export function EditBookScreen() {
  useScreenTitle("Edit book");
  const { id = "" } = useParams();
  return <RequireSession>{(user) => <EditBook bookId={id} user={user} />}</RequireSession>;
}

function EditBook({ bookId, user }: { bookId: string; user: Me }) {
  const studioBook = useStudioBook(bookId);
  const addChapter = useAddChapter(bookId, studioBook.data?.chapters.length ?? 0);
  if (studioBook.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <ErrorState
          title="Couldn't open this book"
          error={studioBook.error}
          onRetry={() => void studioBook.refetch()}
        />
      </div>
    );
  }
  if (!studioBook.data) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8">
        <LoadingStatus label="Opening the book…" />
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-48 w-full rounded-2xl" />
      </div>
    );
  }
  const data = studioBook.data;
  const { book } = data;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:px-6 md:py-12" data-testid="edit-book">
      <Link
        to="/studio"
        className={`inline-flex items-center gap-1.5 self-start text-ink-muted text-sm hover:text-ink ${TAP}`}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Studio
      </Link>
      <header className="flex flex-col gap-3">
        <h1 className="font-semibold font-serif text-3xl text-ink tracking-tight [overflow-wrap:anywhere] sm:text-4xl">
          {book.title}
        </h1>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-ink-muted text-sm" data-testid="book-status">
          <span>{statusBadge(book).text}</span>
          <span>{pluralize(data.chapters.length, "chapter")}</span>
          <span>{formatNumber(data.wordCount)} words</span>
          <span>about {data.timeToReadMinutes} min to read</span>
          <span>{book.display ? "Shown in the catalogue" : "Hidden"}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          {data.chapters.length === 0 ? (
            <Button
              size="sm"
              className={TAP}
              onClick={() => addChapter.mutate()}
              aria-disabled={addChapter.isPending || undefined}
            >
              <PenLine aria-hidden="true" className="size-4" />
              {addChapter.isPending ? "Opening the editor…" : "Write the first chapter"}
            </Button>
          ) : (
            <Link to={`/studio/books/${book.id}/chapters`} className={smallButton("primary")}>
              <PenLine aria-hidden="true" className="size-4" />
              Write chapters
            </Link>
          )}
          <a href={studioApi.exportUrl(book.id)} download className={smallButton("secondary")}>
            <Download aria-hidden="true" className="size-4" />
            Export EPUB
          </a>
          {book.display ? (
            <Link to={`/books/${book.id}`} className={smallButton("ghost")}>
              Book page
            </Link>
          ) : null}
        </div>
      </header>
      <LaunchPanel studioBook={data} />
      <CoverPicker book={book} />
      <BookDetailsForm key={`${book.id}:${book.display}`} studioBook={data} isAdmin={user.roles.includes("admin")} />
    </div>
  );
}
