import type { BookDetail } from "@quire/core";
import { apiPath } from "@quire/core/api-paths";
import { useQuery } from "@tanstack/react-query";
import { BookOpenCheck, ChevronRight, Download, Glasses, PenLine, Star } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { buttonClasses } from "../../../components/button";
import { ErrorState } from "../../../components/error-state";
import { LoadingStatus, Skeleton } from "../../../components/skeleton";
import { WayBackLinks } from "../../../components/way-back-links";
import { errorMessage, hasErrorCode } from "../../../lib/errors";
import { formatCompactNumber, formatDate, formatNumber, formatReadingTime } from "../../../lib/format";
import { useScreenTitle } from "../../../lib/screen-title";
import { useSession } from "../../auth";
import {
  BookBadges,
  BookCover,
  Byline,
  bookQuery,
  COMPLETION_LABELS,
  LaunchCountdown,
  PUBLISHING_LABELS_TEXT,
  refetchUntilLaunched,
  SOURCE_LABELS,
  STATUS_LABELS,
} from "../../catalog";
import { BookActions } from "../../library";
import { DownloadForOffline } from "../../offline";
import { ReadButton } from "../../reader";
import { FollowAuthor } from "../../users";
import { ChapterList } from "../components/chapter-list";

export function BookScreen() {
  const { id = "" } = useParams();
  const query = useQuery({ ...bookQuery(id), refetchInterval: refetchUntilLaunched });
  useScreenTitle(query.data?.book.title ?? (query.isError ? "Book not found" : undefined));

  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 md:px-6 md:pt-8 lg:px-8">
      {query.isPending ? (
        <BookSkeleton />
      ) : query.isError ? (
        hasErrorCode(query.error, "not-found") ? (
          <BookNotFound message={errorMessage(query.error)} />
        ) : (
          <div className="flex flex-col gap-4 py-6">
            <h1 className="font-semibold font-serif text-2xl text-ink">This book couldn't be loaded</h1>
            <ErrorState error={query.error} onRetry={() => query.refetch()} isRetrying={query.isFetching} />
          </div>
        )
      ) : (
        <BookDetails detail={query.data} />
      )}
    </div>
  );
}

function Breadcrumbs({ title }: { title: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 hidden text-ink-muted text-sm md:block">
      <ol className="flex items-center gap-1.5">
        <li className="flex items-center gap-1.5">
          <Link to="/" className="hover:text-ink hover:underline">
            Home
          </Link>
          <ChevronRight aria-hidden="true" className="size-3.5" />
        </li>
        <li className="flex items-center gap-1.5">
          <Link to="/browse" className="hover:text-ink hover:underline">
            Browse
          </Link>
          <ChevronRight aria-hidden="true" className="size-3.5" />
        </li>
        <li aria-current="page" className="max-w-[40ch] truncate text-ink">
          {title}
        </li>
      </ol>
    </nav>
  );
}

/** A community book's own authors get a way back to writing it. */
function EditInStudio({ book }: { book: BookDetail["book"] }) {
  const { user } = useSession();
  if (book.source !== "own" || !user || !book.authorIds.includes(user.id)) return null;
  return (
    <Link
      to={`/studio/books/${book.id}`}
      className={buttonClasses("secondary", "sm", "mt-1 max-md:min-h-11")}
      data-testid="edit-in-studio"
    >
      <PenLine aria-hidden="true" className="size-4" />
      Edit in Studio
    </Link>
  );
}

function BookDetails({ detail }: { detail: BookDetail }) {
  const { book, bookData, genres, categories } = detail;

  return (
    <article data-testid="book-page" data-book-id={book.id}>
      <Breadcrumbs title={book.title} />
      <div className="grid gap-8 md:grid-cols-[14rem_minmax(0,1fr)] lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-14">
        <div className="flex flex-col items-center gap-4 md:sticky md:top-24 md:self-start">
          <div className="w-44 xs:w-52 md:w-full">
            <BookCover book={book} eager size="medium" />
          </div>
          <div className="flex w-full max-w-64 flex-col items-center gap-1.5 md:max-w-none">
            <ReadButton book={book} />
            <BookActions book={book} />
            <DownloadForOffline book={book} />
            <EditInStudio book={book} />
            {book.source === "public-domain" && bookData ? (
              // The original file, as imported: public-domain books are anyone's to keep.
              <a
                href={apiPath("books.export", { id: book.id })}
                download
                className={buttonClasses("ghost", "sm", "mt-1")}
                data-testid="download-epub"
              >
                <Download aria-hidden="true" className="size-4" />
                Download EPUB
              </a>
            ) : null}
          </div>
        </div>

        <div className="flex min-w-0 flex-col gap-9">
          <header className="flex flex-col gap-3 text-center md:text-left">
            <BookBadges book={book} className="justify-center md:justify-start" />
            <h1 className="text-balance font-semibold font-serif text-3xl text-ink leading-tight tracking-tight [overflow-wrap:anywhere] sm:text-4xl lg:text-[2.75rem]">
              {book.title}
            </h1>
            <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 md:justify-start">
              <p className="text-ink-muted text-lg">
                by <Byline book={book} className="font-medium text-ink" />
              </p>
              {book.source === "own" ? <FollowAuthor book={book} /> : null}
            </div>
            <dl className="mt-2 grid grid-cols-3 gap-2 sm:max-w-md" data-testid="book-counts">
              <Stat icon={<Star aria-hidden="true" className="size-4" />} label="Stars" value={book.nUserStarred} />
              <Stat
                icon={<Glasses aria-hidden="true" className="size-4" />}
                label="Reading now"
                value={book.nCurrentReads}
              />
              <Stat
                icon={<BookOpenCheck aria-hidden="true" className="size-4" />}
                label="Finished"
                value={book.nFinishedReads}
              />
            </dl>
          </header>

          {book.status === "scheduled" && book.launchedDate ? (
            <LaunchCountdown launchedDate={book.launchedDate} />
          ) : null}

          <DetailSection title="About this book" id="about">
            {book.summary ? (
              <p className="whitespace-pre-line text-ink leading-relaxed" data-testid="book-summary">
                {book.summary}
              </p>
            ) : (
              <p className="text-ink-muted">No summary yet.</p>
            )}
          </DetailSection>

          {bookData?.bookTeaser ? (
            <DetailSection title="Teaser" id="teaser">
              <blockquote
                className="whitespace-pre-line border-accent border-l-4 bg-surface py-4 pr-5 pl-5 font-serif text-ink text-lg italic leading-relaxed"
                data-testid="book-teaser"
              >
                {bookData.bookTeaser}
              </blockquote>
            </DetailSection>
          ) : null}

          <DetailSection title="Details" id="details">
            <dl
              className="grid grid-cols-1 gap-x-8 gap-y-4 rounded-2xl border border-line bg-surface p-5 sm:grid-cols-2"
              data-testid="book-facts"
            >
              <Fact term="Status">
                {STATUS_LABELS[book.status]}
                {book.status === "scheduled" && book.launchedDate ? ` · ${formatDate(book.launchedDate)}` : ""}
              </Fact>
              <Fact term="Completion">{COMPLETION_LABELS[book.completionStatus]}</Fact>
              <Fact term="Source">{SOURCE_LABELS[book.source]}</Fact>
              {book.publishingLabel ? <Fact term="Label">{PUBLISHING_LABELS_TEXT[book.publishingLabel]}</Fact> : null}
              {bookData ? (
                <>
                  <Fact term="Time to read">{formatReadingTime(bookData.timeToReadMinutes)}</Fact>
                  <Fact term="Word count">{formatNumber(bookData.wordCount)} words</Fact>
                </>
              ) : null}
              {/* A classic's date is the year it first appeared, not the day Quire imported it. */}
              {book.source === "public-domain" && bookData?.originalPublicationYear ? (
                <Fact term="First published">{bookData.originalPublicationYear}</Fact>
              ) : book.status !== "scheduled" && book.launchedDate ? (
                <Fact term="Launched">{formatDate(book.launchedDate)}</Fact>
              ) : null}
              <Fact term="Genres" wide>
                {genres.length > 0 ? (
                  <ul className="flex flex-wrap gap-2" aria-label="Genres">
                    {genres.map((genre) => (
                      <li key={genre.id}>
                        <Link
                          to={`/browse?genre=${encodeURIComponent(genre.id)}`}
                          className="inline-flex min-h-8 items-center rounded-full border border-line-strong px-3 text-sm transition-colors hover:border-accent hover:text-accent"
                        >
                          {genre.displayName}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="text-ink-muted">None</span>
                )}
              </Fact>
              {categories.length > 0 ? (
                <Fact term="Categories" wide>
                  <ul className="flex flex-wrap gap-2" aria-label="Categories">
                    {categories.map((category) => (
                      <li key={category.id}>
                        <Link
                          to={`/browse?category=${encodeURIComponent(category.id)}`}
                          className="inline-flex min-h-8 items-center rounded-full bg-sunken px-3 text-sm transition-colors hover:text-accent"
                        >
                          {category.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </Fact>
              ) : null}
            </dl>
          </DetailSection>

          {bookData && bookData.characters.length > 0 ? (
            <DetailSection title="Characters" id="characters">
              <ul className="grid gap-3 sm:grid-cols-2" data-testid="book-characters">
                {bookData.characters.map((character) => (
                  <li key={character.name} className="rounded-2xl border border-line bg-surface p-4">
                    <p className="font-semibold font-serif text-ink">{character.name}</p>
                    {character.description ? (
                      <p className="mt-1 text-ink-muted text-sm leading-relaxed">{character.description}</p>
                    ) : null}
                  </li>
                ))}
              </ul>
            </DetailSection>
          ) : null}

          {bookData && bookData.moods.length > 0 ? (
            <DetailSection title="Moods" id="moods">
              <ul className="flex flex-wrap gap-2" data-testid="book-moods">
                {bookData.moods.map((mood) => (
                  <li key={mood} className="rounded-full bg-gold-soft px-3 py-1 font-medium text-gold-ink text-sm">
                    {mood}
                  </li>
                ))}
              </ul>
            </DetailSection>
          ) : null}

          <DetailSection title="Chapters" id="chapters">
            <ChapterList bookId={book.id} />
          </DetailSection>
        </div>
      </div>
    </article>
  );
}

function DetailSection({
  title,
  id,
  aside,
  children,
}: {
  title: string;
  id: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`book-${id}-heading`} className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={`book-${id}-heading`} className="font-semibold font-serif text-ink text-xl">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <div className="flex flex-col-reverse items-center gap-0.5 rounded-xl border border-line bg-surface px-2 py-2.5 md:items-start md:px-3">
      <dt className="flex items-center gap-1 whitespace-nowrap text-ink-muted text-xs">
        <span className="hidden xs:inline">{icon}</span>
        {label}
      </dt>
      <dd className="font-semibold font-serif text-ink text-xl tabular-nums" title={formatNumber(value)}>
        {formatCompactNumber(value)}
      </dd>
    </div>
  );
}

function Fact({ term, children, wide = false }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${wide ? "sm:col-span-2" : ""}`}>
      <dt className="font-medium text-ink-muted text-xs uppercase tracking-wider">{term}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  );
}

function BookNotFound({ message }: { message: string }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center" data-testid="book-not-found">
      <p aria-hidden="true" className="font-serif text-6xl text-ink-faint">
        ¶
      </p>
      <h1 className="font-semibold font-serif text-3xl text-ink">Book not found</h1>
      <div className="flex flex-col gap-1 text-ink-muted">
        <p data-testid="error-message">{message}</p>
        <p>It may have been removed, or the link may be mistyped.</p>
      </div>
      <WayBackLinks />
    </div>
  );
}

function BookSkeleton() {
  return (
    <div className="grid gap-8 md:grid-cols-[14rem_minmax(0,1fr)] lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-14">
      <LoadingStatus label="Loading book…" />
      <div className="flex justify-center">
        <Skeleton className="aspect-[2/3] w-44 rounded-lg xs:w-52 md:w-full" />
      </div>
      <div className="flex flex-col items-center gap-4 md:items-start" aria-hidden="true">
        <Skeleton className="h-5 w-40 rounded-full" />
        <Skeleton className="h-10 w-4/5" />
        <Skeleton className="h-5 w-1/3" />
        <div className="mt-2 grid w-full grid-cols-3 gap-2 sm:max-w-md">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
        <Skeleton className="mt-6 h-6 w-48" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-3/4" />
      </div>
    </div>
  );
}
