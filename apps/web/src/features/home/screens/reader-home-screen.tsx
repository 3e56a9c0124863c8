import type { BookSummary, ReaderHome as Home } from "@quire/core";
import { TRENDING_BOOKS_COUNT } from "@quire/core/constants";
import { Compass, Search } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/button";
import { ErrorState } from "../../../components/error-state";
import { Section } from "../../../components/section";
import { LoadingStatus, placeholderKeys, Skeleton } from "../../../components/skeleton";
import { useSession } from "../../auth";
import { BookCard, BookRow, BookRowSkeleton, WideBookCardSkeleton } from "../../catalog";
import { ContinueReadingCard } from "../../library";
import { PushOptInOffer } from "../../push";
import { NotifyMeButton } from "../components/notify-me-button";
import { useReaderHome } from "../queries";

const PAGE = "mx-auto flex max-w-7xl flex-col gap-12 px-4 py-8 md:gap-14 md:px-6 md:py-12 lg:px-8";
const CONTINUE_GRID = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";
const TRENDING_GRID = "grid gap-4 sm:grid-cols-2 xl:grid-cols-4";
const ROW_ITEM = "w-[8.5rem] shrink-0 snap-start sm:w-40 lg:w-44";

/** The signed-in reader's home: one request (`GET /me/home`), its sections in order, empty ones left out. */
export function ReaderHome() {
  const session = useSession();
  const query = useReaderHome();
  const firstName = session.user?.firstName;
  return (
    <div className={PAGE} data-testid="reader-home">
      <header className="flex flex-col gap-1">
        <h1 className="font-semibold font-serif text-3xl text-ink tracking-tight sm:text-4xl">
          {firstName ? `Welcome back, ${firstName}` : "Welcome back"}
        </h1>
        <p className="text-ink-muted">Your books, what's on its way, and what we found for you.</p>
      </header>
      {query.isPending ? (
        <ReaderHomeSkeleton />
      ) : query.isError ? (
        <ErrorState
          title="Couldn't load your home"
          error={query.error}
          onRetry={() => query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : (
        <Sections home={query.data} userId={session.user?.id} />
      )}
    </div>
  );
}

function Sections({ home, userId }: { home: Home; userId: string | undefined }) {
  const firstRun = home.continueReading.length === 0 && home.picks.books.length === 0 && home.fromFollowed.length === 0;
  const genres = home.picks.genres.map((genre) => genre.displayName);
  return (
    <>
      {firstRun ? <FirstRun /> : null}
      {home.continueReading.length > 0 ? (
        <Section id="continue-reading" title="Continue reading" action={<SeeAll to="/library" label="Your library" />}>
          <ul className={CONTINUE_GRID} aria-label="Books in progress">
            {home.continueReading.map(({ book, progress }) => (
              <li key={book.id}>
                <ContinueReadingCard book={book} progress={progress} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {home.comingSoon.length > 0 ? <ComingSoon items={home.comingSoon} userId={userId} /> : null}
      <BookSection
        id="picks"
        title="Picked for you"
        description={genres.length > 0 ? `From ${listText(genres)}, the genres you chose.` : undefined}
        books={home.picks.books}
      />
      <BookSection
        id="from-followed"
        title="New from people you follow"
        description="The latest books by authors and readers you follow."
        books={home.fromFollowed}
      />
      <BookSection
        id="classics"
        title="Public-domain classics"
        description="Timeless books, free to read."
        books={home.classics}
        action={<SeeAll to="/browse?source=public-domain" label="All classics" />}
      />
      {home.trending.length > 0 ? (
        <Section id="trending" title="Trending" description="What readers are starring and finishing right now.">
          <ol className={TRENDING_GRID} aria-label="Trending books">
            {home.trending.map((book, index) => (
              <li key={book.id}>
                <BookCard book={book} layout="wide" rank={index + 1} />
              </li>
            ))}
          </ol>
        </Section>
      ) : null}
    </>
  );
}

function BookSection({
  id,
  title,
  description,
  books,
  action,
}: {
  id: string;
  title: string;
  description?: string;
  books: BookSummary[];
  action?: ReactNode;
}) {
  if (books.length === 0) return null;
  return (
    <Section id={id} title={title} description={description} action={action}>
      <BookRow books={books} label={title} />
    </Section>
  );
}

function ComingSoon({ items, userId }: { items: Home["comingSoon"]; userId: string | undefined }) {
  const [offerPush, setOfferPush] = useState(false);
  return (
    <Section id="coming-soon" title="Coming soon" description="Scheduled books: ask to hear the moment they launch.">
      <ul
        className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pt-1 pb-3 scroll-px-4 sm:gap-5 md:-mx-6 md:px-6 lg:-mx-8 lg:px-8"
        aria-label="Coming soon"
      >
        {items.map(({ book, subscribed }) => (
          <li key={book.id} className={`${ROW_ITEM} flex flex-col gap-2`} data-testid="coming-soon-item">
            <BookCard book={book} />
            <NotifyMeButton
              bookId={book.id}
              title={book.title}
              subscribed={subscribed}
              onSubscribed={() => setOfferPush(true)}
            />
          </li>
        ))}
      </ul>
      {offerPush && userId ? (
        <div className="max-w-md">
          <PushOptInOffer userId={userId} />
        </div>
      ) : null}
    </Section>
  );
}

/** A brand-new reader has nothing of their own yet: point them at the catalogue and search. */
function FirstRun() {
  return (
    <section
      aria-labelledby="first-run-heading"
      className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-gradient-to-br from-accent-soft/60 via-surface to-sky-soft/40 p-6"
      data-testid="first-run"
    >
      <h2 id="first-run-heading" className="font-semibold font-serif text-ink text-xl sm:text-2xl">
        Find your first book
      </h2>
      <p className="max-w-xl text-ink-muted">
        Open any book and it will wait for you here, with your place kept on every device. Follow authors and readers to
        see what they launch.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/browse" className={buttonClasses("primary")}>
          <Compass aria-hidden="true" className="size-4" />
          Browse the catalogue
        </Link>
        <Link to="/search" className={buttonClasses("secondary")}>
          <Search aria-hidden="true" className="size-4" />
          Search books and people
        </Link>
      </div>
    </section>
  );
}

function SeeAll({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="link-arrow">
      {label}
    </Link>
  );
}

function listText(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

function ReaderHomeSkeleton() {
  return (
    <>
      <LoadingStatus label="Loading your home…" />
      <div className={CONTINUE_GRID} aria-hidden="true">
        {placeholderKeys(3).map((key) => (
          <Skeleton key={key} className="h-32 rounded-2xl" />
        ))}
      </div>
      <div className="flex flex-col gap-4" aria-hidden="true">
        <Skeleton className="h-7 w-48" />
        <BookRowSkeleton />
      </div>
      <div className={TRENDING_GRID} aria-hidden="true">
        {placeholderKeys(TRENDING_BOOKS_COUNT).map((key) => (
          <WideBookCardSkeleton key={key} />
        ))}
      </div>
    </>
  );
}
