import type { BookSummary, CategoryWithBooks } from "@quire/core";
import { TOP_NEW_WINDOW_DAYS, TRENDING_BOOKS_COUNT } from "@quire/core/constants";
import { ArrowRight, Sparkles } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { Section } from "../../../components/section";
import { LoadingStatus, placeholderKeys, Skeleton } from "../../../components/skeleton";
import { useScreenTitle } from "../../../lib/screen-title";
import { useSession } from "../../auth";
import {
  BookCard,
  BookCover,
  BookRow,
  BookRowSkeleton,
  useCategories,
  useNewCommunityBooks,
  useTrendingBooks,
  WideBookCardSkeleton,
} from "../../catalog";
import { NewestReaders } from "../../users";

// A signed-in reader's home is its own chunk, so the landing page visitors get stays small.
const ReaderHome = lazy(async () => ({ default: (await import("./reader-home-screen")).ReaderHome }));

export function HomeScreen() {
  useScreenTitle("Home", { useDefaultDocumentTitle: true });
  const session = useSession();
  if (session.status === "loading") return <LoadingStatus label="Loading…" />;
  if (session.status === "signed-in") {
    return (
      <Suspense fallback={<LoadingStatus label="Loading your home…" />}>
        <ReaderHome />
      </Suspense>
    );
  }
  return <Landing />;
}

function Landing() {
  return (
    <>
      <Hero />
      <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 pt-10 md:gap-16 md:px-6 md:pt-14 lg:px-8">
        <TrendingSection />
        <NewCommunitySection />
        <CategorySections />
        <NewestReaders />
      </div>
    </>
  );
}

function Hero() {
  const trending = useTrendingBooks();
  const showcase = trending.data?.slice(0, 3) ?? [];
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden border-line border-b bg-gradient-to-br from-accent-soft/70 via-paper to-sky-soft/50"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-10 md:grid-cols-[1.25fr_1fr] md:px-6 md:py-16 lg:px-8">
        <div className="flex flex-col items-start gap-4">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-surface/80 px-3 py-1 font-medium text-accent-soft-ink text-xs ring-1 ring-line">
            <Sparkles aria-hidden="true" className="size-3.5" />
            Community originals &amp; public-domain classics
          </p>
          <h1
            id="hero-heading"
            className="max-w-xl text-balance font-semibold font-serif text-[2.1rem] text-ink leading-[1.1] tracking-tight sm:text-5xl"
          >
            Read, track and share the books you love.
          </h1>
          <p className="max-w-lg text-ink-muted text-lg leading-relaxed">
            Find your next story among books written and launched on Quire, and timeless works from the public domain.
            Follow readers, keep your lists, pick up right where you left off.
          </p>
          <div className="mt-2 flex flex-wrap gap-3">
            <Link to="/browse" className={buttonClasses("primary")}>
              Browse the catalogue
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Link to="/browse?source=own" className={buttonClasses("secondary")}>
              Community books
            </Link>
          </div>
        </div>
        <div aria-hidden="true" className="relative hidden h-72 md:block lg:h-80">
          {[0, 1, 2].map((index) => {
            const book = showcase[index];
            return (
              <div
                key={book?.id ?? index}
                className="absolute top-1/2 left-1/2 w-36 lg:w-44"
                style={{
                  transform: `translate(-50%, -50%) translateX(${(index - 1) * 62}%) rotate(${(index - 1) * 7}deg) translateY(${index === 1 ? -6 : 4}%)`,
                  zIndex: index === 1 ? 2 : 1,
                }}
              >
                {book ? (
                  <BookCover book={book} eager />
                ) : trending.isPending ? (
                  <Skeleton className="aspect-[2/3] w-full rounded-lg" />
                ) : (
                  <BookCover book={{ id: `shelf-${index}`, title: "", authors: [], imageUrl: null }} />
                )}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

const TRENDING_GRID = "grid gap-4 sm:grid-cols-2 xl:grid-cols-4";

function TrendingSection() {
  const query = useTrendingBooks();
  return (
    <Section id="trending" title="Trending" description="What readers are starring and finishing right now.">
      {query.isPending ? (
        <>
          <LoadingStatus label="Loading trending books…" />
          <div className={TRENDING_GRID} aria-hidden="true">
            {placeholderKeys(TRENDING_BOOKS_COUNT).map((key) => (
              <WideBookCardSkeleton key={key} />
            ))}
          </div>
        </>
      ) : query.isError ? (
        <ErrorState
          title="Couldn't load trending books"
          error={query.error}
          onRetry={() => query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : query.data.length === 0 ? (
        <EmptyState title="Nothing trending yet">
          <p className="text-ink-muted text-sm">Star a book to get things going.</p>
        </EmptyState>
      ) : (
        <ol className={TRENDING_GRID} aria-label="Trending books" data-testid="trending-books">
          {query.data.map((book, index) => (
            <li key={book.id}>
              <BookCard book={book} layout="wide" rank={index + 1} eager />
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function NewCommunitySection() {
  const query = useNewCommunityBooks();
  const books = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Section
      id="new-community"
      title="New community books"
      description={`Launched on Quire in the last ${TOP_NEW_WINDOW_DAYS} days.`}
      action={
        <Link to="/browse?source=own&sort=newest" className="link-arrow">
          All community books
        </Link>
      }
    >
      {query.isPending ? (
        <BookRowSkeleton label="Loading new community books…" />
      ) : query.isError && books.length === 0 ? (
        <ErrorState
          title="Couldn't load new community books"
          error={query.error}
          onRetry={() => query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : books.length === 0 ? (
        <EmptyState title="No new community books yet">
          <p className="text-ink-muted text-sm">
            Books launched in the last {TOP_NEW_WINDOW_DAYS} days will appear here.
          </p>
        </EmptyState>
      ) : (
        <>
          <BookRow
            books={books}
            label="New community books"
            testId="new-community-books"
            trailing={
              query.hasNextPage ? (
                <div className="flex aspect-[2/3] w-full items-center justify-center rounded-lg border border-line-strong border-dashed bg-surface/70 p-3">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => query.fetchNextPage()}
                    disabled={query.isFetchingNextPage}
                  >
                    {query.isFetchingNextPage ? "Loading…" : "Load more"}
                  </Button>
                </div>
              ) : undefined
            }
          />
          {query.isFetchNextPageError ? (
            <ErrorState
              compact
              error={query.error}
              onRetry={() => query.fetchNextPage()}
              title="Couldn't load more books"
            />
          ) : null}
        </>
      )}
    </Section>
  );
}

/** Books in the category's own order (its bookRefs), whatever order they arrive in. */
export function orderCategoryBooks(category: CategoryWithBooks): BookSummary[] {
  const position = new Map(category.bookRefs.map((id, index) => [id, index]));
  return [...category.books].sort(
    (a, b) => (position.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (position.get(b.id) ?? Number.MAX_SAFE_INTEGER),
  );
}

function CategorySections() {
  const query = useCategories();
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-12">
        {[0, 1].map((index) => (
          <div key={index} className="flex flex-col gap-4">
            <Skeleton className="h-7 w-48" />
            <BookRowSkeleton label={index === 0 ? "Loading categories…" : undefined} />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <Section id="categories" title="Categories">
        <ErrorState
          title="Couldn't load categories"
          error={query.error}
          onRetry={() => query.refetch()}
          isRetrying={query.isFetching}
        />
      </Section>
    );
  }
  const categories = query.data.filter((category) => category.books.length > 0);
  if (categories.length === 0) return null;
  return (
    <>
      {categories.map((category) => (
        <Section
          key={category.id}
          id={`category-${category.id}`}
          title={category.name}
          action={
            <Link
              to={`/browse?category=${encodeURIComponent(category.id)}`}
              className="link-arrow"
              aria-label={`See all in ${category.name}`}
            >
              See all
            </Link>
          }
        >
          <BookRow books={orderCategoryBooks(category)} label={category.name} testId="category-books" />
        </Section>
      ))}
    </>
  );
}
