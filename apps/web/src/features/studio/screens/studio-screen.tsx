import type { Me, StudioBookList } from "@quire/core";
import { BookPlus, FileUp, PenLine } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { FormAlert } from "../../../components/form-alert";
import { LoadingStatus, Skeleton } from "../../../components/skeleton";
import { errorMessage } from "../../../lib/errors";
import { formatNumber } from "../../../lib/format";
import { fileUrl } from "../../../lib/native/config";
import { useScreenTitle } from "../../../lib/screen-title";
import { RequireSession } from "../../auth";
import { COMPLETION_LABELS, statusBadge } from "../../catalog";
import { smallButton } from "../components/tap-target";
import { useBecomeAuthor, useStudioBooks } from "../queries";

export function StudioScreen() {
  useScreenTitle("Studio");
  return <RequireSession>{(user) => <Studio user={user} />}</RequireSession>;
}

function Studio({ user }: { user: Me }) {
  const isAuthor = user.roles.includes("author");
  const isAdmin = user.roles.includes("admin");
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 md:px-6 md:py-12" data-testid="studio">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="font-semibold font-serif text-3xl text-ink tracking-tight sm:text-4xl">Studio</h1>
          <p className="text-ink-muted">Write your books, chapter by chapter, and launch them to readers.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {isAdmin ? (
            <Link to="/admin/import" className={smallButton("secondary")}>
              <FileUp aria-hidden="true" className="size-4" />
              Import an EPUB
            </Link>
          ) : null}
          {isAuthor ? (
            <Link to="/studio/books/new" className={smallButton("primary")}>
              <BookPlus aria-hidden="true" className="size-4" />
              New book
            </Link>
          ) : null}
        </div>
      </header>
      {isAuthor ? <MyBooks /> : <BecomeAuthor />}
    </div>
  );
}

function BecomeAuthor() {
  const become = useBecomeAuthor();
  return (
    <section
      aria-labelledby="become-author"
      className="flex flex-col items-start gap-4 rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8"
    >
      <PenLine aria-hidden="true" className="size-8 text-accent" />
      <h2 id="become-author" className="font-semibold font-serif text-2xl text-ink">
        Become an author
      </h2>
      <p className="max-w-prose text-ink-muted">
        Authors write community books on Quire: draft chapters in private, schedule a launch date readers can subscribe
        to, and publish when you are ready. Your name on your profile becomes your author name.
      </p>
      {become.isError ? <FormAlert>{errorMessage(become.error)}</FormAlert> : null}
      <Button onClick={() => become.mutate()} aria-disabled={become.isPending || undefined} data-testid="become-author">
        {become.isPending ? "Setting up your studio…" : "Become an author"}
      </Button>
    </section>
  );
}

function MyBooks() {
  const books = useStudioBooks();
  if (books.isError) {
    return <ErrorState title="Couldn't load your books" error={books.error} onRetry={() => void books.refetch()} />;
  }
  if (!books.data) {
    return (
      <div className="flex flex-col gap-3">
        <LoadingStatus label="Loading your books…" />
        <Skeleton className="h-24 w-full rounded-2xl" />
        <Skeleton className="h-24 w-full rounded-2xl" />
      </div>
    );
  }
  if (books.data.items.length === 0) {
    return (
      <EmptyState title="No books yet" icon={<BookPlus aria-hidden="true" className="size-8" />}>
        <p className="max-w-sm text-ink-muted text-sm">
          Start with a title; chapters, a cover and a launch date come next.
        </p>
        <Link to="/studio/books/new" className={smallButton("primary")}>
          Start a new book
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className="flex flex-col gap-3" aria-label="Your books">
      {books.data.items.map((item) => (
        <StudioBookRow key={item.book.id} item={item} />
      ))}
    </ul>
  );
}

function StudioBookRow({ item }: { item: StudioBookList["items"][number] }) {
  const { book } = item;
  const badge = statusBadge(book);
  return (
    <li className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-3 shadow-card sm:p-4">
      <div className="h-20 w-14 shrink-0 overflow-hidden rounded-md bg-sunken">
        {book.imageUrl ? <img src={fileUrl(book.imageUrl)} alt="" className="size-full object-cover" /> : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to={`/studio/books/${book.id}`}
          className="line-clamp-3 font-semibold font-serif text-ink text-lg [overflow-wrap:anywhere] hover:underline"
        >
          {book.title}
        </Link>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-ink-muted text-sm">
          <span>{badge.text}</span>
          <span>{formatNumber(item.wordCount)} words</span>
          <span>{COMPLETION_LABELS[book.completionStatus]}</span>
          {book.display ? null : <span>Hidden</span>}
        </p>
      </div>
      <Link
        to={`/studio/books/${book.id}/chapters`}
        className={smallButton("secondary", "shrink-0")}
        aria-label={`Write “${book.title}”`}
      >
        Write
      </Link>
    </li>
  );
}
