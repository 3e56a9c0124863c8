import type { Suggestion } from "@quire/core";
import { SEARCH_QUERY_MAX_LENGTH, SEARCH_QUERY_MIN_LENGTH } from "@quire/core/constants";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { BookOpen, Feather, Search, Tag, UserRound } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { suggestionsQuery } from "../queries";
import { Highlighted } from "./highlighted";

/** Long enough to skip the keystrokes of a word typed at speed, short enough to feel immediate. */
const SUGGEST_DELAY_MS = 120;

const KIND_ICONS = { book: BookOpen, author: Feather, person: UserRound, genre: Tag } as const;
const KIND_NAMES = { book: "Book", author: "Author", person: "Person", genre: "Genre" } as const;

interface Option {
  id: string;
  label: string;
  sublabel?: string;
  kind: Suggestion["kind"] | "search";
  url: string;
}

export interface SearchFieldProps {
  /** Where the typed text starts (the search screen passes its query). */
  initialQuery?: string;
  /** What Enter does with the text when no suggestion is chosen; by default, open the search screen. */
  onSearch?(query: string): void;
  autoFocus?: boolean;
  className?: string;
}

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * The search box with suggestions as one types: the WAI-ARIA combobox pattern (list popup, focus stays
 * in the field, the active option named by aria-activedescendant). ↓/↑ move through the options,
 * Enter opens one or searches, Escape closes the list, then clears the field.
 */
export function SearchField({ initialQuery = "", onSearch, autoFocus, className = "" }: SearchFieldProps) {
  const navigate = useNavigate();
  const [text, setText] = useState(initialQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const labelId = useId();

  useEffect(() => setText(initialQuery), [initialQuery]);

  const trimmed = text.trim();
  const debounced = useDebounced(trimmed, SUGGEST_DELAY_MS);
  const ready = debounced.length >= SEARCH_QUERY_MIN_LENGTH;
  const suggestions = useQuery({ ...suggestionsQuery(debounced), enabled: ready, placeholderData: keepPreviousData });

  const options: Option[] =
    trimmed.length >= SEARCH_QUERY_MIN_LENGTH
      ? [
          ...(ready ? (suggestions.data ?? []) : []),
          { id: "search", kind: "search", label: `Search for “${trimmed}”`, url: "" },
        ]
      : [];
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const search = (query: string) => {
    if (onSearch) onSearch(query);
    else navigate(`/search?${new URLSearchParams({ q: query })}`);
  };
  const choose = (option: Option) => {
    setOpen(false);
    setActive(-1);
    if (option.kind === "search") {
      search(trimmed);
      return;
    }
    inputRef.current?.blur();
    setText("");
    navigate(option.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (options.length === 0) return;
        event.preventDefault();
        setOpen(true);
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((current) => (current + step + options.length + 1) % (options.length + 1));
        return;
      }
      case "Enter": {
        event.preventDefault();
        const option = expanded ? options[active] : undefined;
        if (option) choose(option);
        else if (trimmed.length >= SEARCH_QUERY_MIN_LENGTH)
          choose({ id: "search", kind: "search", label: "", url: "" });
        return;
      }
      case "Escape":
        event.preventDefault();
        if (expanded) setOpen(false);
        else setText("");
        setActive(-1);
        return;
    }
  };

  // The wrapping index past the last option means "none" (back in the field), as ↓/↑ cycle.
  const activeOption = expanded && active < options.length ? active : -1;

  return (
    <div className={`relative ${className}`}>
      <span id={labelId} className="sr-only">
        Search books, authors and people
      </span>
      <Search
        aria-hidden="true"
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-ink-faint"
      />
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-labelledby={labelId}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeOption >= 0 ? optionId(activeOption) : undefined}
        data-testid="search-field"
        // biome-ignore lint/a11y/noAutofocus: the search screen exists to type in this field
        autoFocus={autoFocus}
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        placeholder="Search books, authors, people"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="h-10 w-full min-w-0 rounded-full border border-line bg-surface pr-4 pl-9 text-ink text-sm shadow-sm transition-colors placeholder:text-ink-faint hover:border-ink-faint focus:border-accent [&::-webkit-search-cancel-button]:hidden"
      />
      <div
        id={listId}
        role="listbox"
        aria-labelledby={labelId}
        hidden={!expanded}
        data-testid="search-suggestions"
        className="absolute inset-x-0 top-full z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-2xl border border-line bg-surface p-1.5 shadow-lg"
      >
        {options.map((option, index) => {
          const Icon = option.kind === "search" ? Search : KIND_ICONS[option.kind];
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox field, as the pattern asks
            <div
              key={`${option.kind}-${option.id}`}
              id={optionId(index)}
              role="option"
              // Options are chosen from the field (aria-activedescendant); -1 keeps them out of the tab order.
              tabIndex={-1}
              aria-selected={index === activeOption}
              data-testid={`suggestion-${option.kind}`}
              // Keeps focus in the field, so the click lands before the list closes on blur.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onMouseMove={() => setActive(index)}
              className={`flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm ${
                index === activeOption ? "bg-accent-soft text-accent-soft-ink" : "text-ink"
              } ${option.kind === "search" && index > 0 ? "mt-1 border-line border-t pt-2.5" : ""}`}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
              <span className="min-w-0 flex-1">
                <span className="block truncate">
                  {option.kind === "search" ? option.label : <Highlighted text={option.label} query={debounced} />}
                </span>
                {option.sublabel ? (
                  <span className="block truncate text-ink-muted text-xs">{option.sublabel}</span>
                ) : null}
              </span>
              {option.kind === "search" ? null : (
                <span className="sr-only">
                  {", "}
                  {KIND_NAMES[option.kind]}
                </span>
              )}
            </div>
          );
        })}
      </div>
      <p className="sr-only" aria-live="polite">
        {expanded && suggestions.isError
          ? "Suggestions could not be loaded. Press Enter to search."
          : expanded && ready && suggestions.data
            ? `${suggestions.data.length} suggestions. Use the up and down arrows to choose.`
            : ""}
      </p>
    </div>
  );
}
