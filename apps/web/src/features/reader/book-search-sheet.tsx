import type { BookSearchMatch } from "@quire/core";
import { SEARCH_QUERY_MAX_LENGTH, SEARCH_QUERY_MIN_LENGTH } from "@quire/core/constants";
import { denseText, LOCATOR_TEXT_LENGTH } from "@quire/core/reader-locator";
import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { buttonClasses } from "../../components/button";
import { ErrorState } from "../../components/error-state";
import { ReaderSheet } from "../../components/reader-sheet";
import { LoadingStatus, placeholderKeys, Skeleton } from "../../components/skeleton";
import { FrameWatcher } from "../annotations";
import { bookSearchQuery } from "./book-search-queries";
import { placePath } from "./exact-resume";
import { paintSearchMatch, type SearchTarget } from "./search-highlight";

const matchedText = (item: BookSearchMatch) => item.snippet.slice(item.matchStart, item.matchStart + item.matchLength);

/** Matches grouped by chapter, keeping the server's reading order. */
function byChapter(items: BookSearchMatch[]): { anchorId: string; name: string; items: [BookSearchMatch, number][] }[] {
  const groups: { anchorId: string; name: string; items: [BookSearchMatch, number][] }[] = [];
  items.forEach((item, index) => {
    const last = groups[groups.length - 1];
    if (last?.anchorId === item.anchorId) last.items.push([item, index]);
    else groups.push({ anchorId: item.anchorId, name: item.chapterName, items: [[item, index]] });
  });
  return groups;
}

/**
 * Search inside the book: a field, the matches by chapter with the match in bold, and on choosing one
 * the reader goes to its place (`?at=`, with its text to find it again) and marks it in the frame
 * until another chapter comes on screen. The query and its answer stay while the sheet is closed, so
 * the next match is one tap away.
 */
export function BookSearchSheet({ bookId, open, onClose }: { bookId: string; open: boolean; onClose(): void }) {
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [tooShort, setTooShort] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const results = useQuery({ ...bookSearchQuery(bookId, submitted ?? ""), enabled: submitted !== null });
  const hostRef = useRef<HTMLDivElement>(null);
  const watcher = useRef<FrameWatcher | null>(null);
  const target = useRef<{ match: SearchTarget; landed: boolean } | null>(null);
  const focusText = useRef(false);
  const fieldId = useId();
  const hintId = useId();

  /** Marks the chosen match once its chapter is on screen; a later chapter change forgets it. */
  const paint = useCallback(() => {
    const shown = watcher.current?.shown();
    const current = target.current;
    if (!shown || !current) return;
    if (shown.anchorId === current.match.anchorId) {
      if (paintSearchMatch(shown.doc, shown.root, current.match)) current.landed = true;
    } else if (current.landed) {
      target.current = null;
      paintSearchMatch(shown.doc, shown.root, null);
    }
  }, []);

  useEffect(() => {
    const view = hostRef.current
      ?.closest('[data-testid="reader"]')
      ?.querySelector<HTMLElement>('[data-testid="chapter-view"]');
    if (!view) return;
    const frames = new FrameWatcher(view, { onChapter: paint, onMove: () => {}, onSelection: () => {} });
    watcher.current = frames;
    return () => {
      frames.stop();
      watcher.current = null;
    };
  }, [paint]);

  // Reopened, the list shows the match last chosen (only then: typing must not move the list).
  useEffect(() => {
    if (open) hostRef.current?.querySelector("[data-search-result][aria-current]")?.scrollIntoView({ block: "center" });
  }, [open]);

  const submit = () => {
    const q = text.trim();
    setTooShort(q.length < SEARCH_QUERY_MIN_LENGTH);
    if (q.length < SEARCH_QUERY_MIN_LENGTH) return;
    setChosen(null);
    setSubmitted(q);
  };

  const choose = (item: BookSearchMatch, index: number) => {
    const quote = denseText(matchedText(item));
    target.current = {
      match: { anchorId: item.anchorId, start: item.offset, end: item.offset + quote.length, quote },
      landed: false,
    };
    setChosen(index);
    focusText.current = true;
    onClose();
    const locator = { char: item.offset, text: quote.slice(0, LOCATOR_TEXT_LENGTH) };
    navigate(placePath(bookId, item.anchorId, locator), { state: { offset: 0, locator } });
    // A match in the chapter on screen: the frame turns to it without a chapter change to wait for.
    requestAnimationFrame(paint);
  };

  const onClosed = useCallback(() => {
    if (focusText.current) watcher.current?.shown()?.frame.focus();
    focusText.current = false;
  }, []);

  /** ↓ and ↑ move between the field and the matches, as in a list. */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const stops = [
      ...(event.currentTarget.querySelectorAll<HTMLElement>("input[type=search], [data-search-result]") ?? []),
    ];
    const at = stops.indexOf(document.activeElement as HTMLElement);
    const next = stops[at + (event.key === "ArrowDown" ? 1 : -1)];
    if (at < 0 || !next) return;
    event.preventDefault();
    next.focus();
  };

  const data = submitted !== null ? results.data : undefined;
  return (
    <div ref={hostRef} className="contents">
      <ReaderSheet
        open={open}
        onClose={onClose}
        onClosed={onClosed}
        title="Search in this book"
        side="right"
        testId="book-search"
      >
        {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys only move focus between the field and the results' own buttons */}
        <div className="flex flex-col gap-3 px-3 py-3" onKeyDown={onKeyDown}>
          <search>
            <form
              className="flex items-center gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                submit();
              }}
            >
              <label htmlFor={fieldId} className="sr-only">
                Words to find in this book
              </label>
              <div className="relative min-w-0 flex-1">
                <Search
                  aria-hidden="true"
                  className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-ink-faint"
                />
                <input
                  id={fieldId}
                  type="search"
                  // The dialog focuses its `autofocus` element as it opens; React's autoFocus would run before that.
                  ref={(element) => element?.setAttribute("autofocus", "")}
                  enterKeyHint="search"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={SEARCH_QUERY_MAX_LENGTH}
                  placeholder="Words or a phrase"
                  aria-invalid={tooShort || undefined}
                  aria-describedby={hintId}
                  value={text}
                  onChange={(event) => {
                    setText(event.target.value);
                    setTooShort(false);
                  }}
                  className="h-10 w-full min-w-0 rounded-full border border-line-strong bg-surface pr-3 pl-9 text-base text-ink shadow-sm placeholder:text-ink-faint hover:border-ink-faint focus:border-accent sm:text-sm [&::-webkit-search-cancel-button]:hidden"
                />
              </div>
              <button type="submit" className={buttonClasses("primary", "sm", "h-10 shrink-0")}>
                Search
              </button>
            </form>
          </search>
          <p id={hintId} className={`px-1 text-xs ${tooShort ? "text-danger-ink" : "text-ink-muted"}`}>
            {tooShort
              ? `Type at least ${SEARCH_QUERY_MIN_LENGTH} characters to search.`
              : "Capitals and accents don't matter."}
          </p>

          {submitted === null ? null : results.isError ? (
            <ErrorState error={results.error} onRetry={() => results.refetch()} compact />
          ) : !data ? (
            <div data-testid="book-search-loading" className="flex flex-col gap-3">
              <LoadingStatus label="Searching…" />
              {placeholderKeys(4).map((key) => (
                <Skeleton key={key} className="h-14 w-full" />
              ))}
            </div>
          ) : (
            <>
              <p role="status" className="px-1 text-ink-muted text-sm" data-testid="book-search-summary">
                {data.total === 0
                  ? `No matches for “${submitted}”.`
                  : data.total > data.items.length
                    ? `${data.total.toLocaleString()} matches; the first ${data.items.length} are listed.`
                    : `${data.total} ${data.total === 1 ? "match" : "matches"}`}
              </p>
              {byChapter(data.items).map((group, groupIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a chapter can come back only after another, never reordered
                <section key={`${group.anchorId}-${groupIndex}`} aria-label={group.name}>
                  <h3 className="px-1 pb-1.5 font-semibold text-ink-muted text-xs uppercase tracking-wide">
                    {group.name}
                  </h3>
                  <ul className="flex flex-col gap-1.5">
                    {group.items.map(([item, index]) => (
                      <li key={`${item.anchorId}-${item.offset}`}>
                        <button
                          type="button"
                          data-search-result=""
                          aria-current={index === chosen ? "location" : undefined}
                          onClick={() => choose(item, index)}
                          className={`w-full rounded-xl border px-3 py-2 text-left font-serif text-ink text-sm leading-snug transition-colors hover:bg-sunken ${
                            index === chosen ? "border-accent bg-accent-soft" : "border-line bg-paper"
                          }`}
                        >
                          {item.snippet.slice(0, item.matchStart)}
                          <mark className="rounded-sm bg-transparent font-bold text-ink">{matchedText(item)}</mark>
                          {item.snippet.slice(item.matchStart + item.matchLength)}
                        </button>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </>
          )}
        </div>
      </ReaderSheet>
    </div>
  );
}
