import type { Genre, Suggestion } from "@quire/core";
import { parseJson } from "../../db/json";
import type { BookLabel, PersonLabel } from "./search-index";

export function bookSuggestion(book: BookLabel): Suggestion {
  const authors = parseJson<string[]>(book.authors, []).join(", ");
  return {
    kind: "book",
    id: book.id,
    label: book.title,
    ...(authors ? { sublabel: authors } : {}),
    url: `/books/${book.id}`,
  };
}

/** A person who writes on Quire is suggested as an author, anyone else as a person. */
export function personSuggestion(row: PersonLabel): Suggestion {
  const name = `${row.firstName} ${row.lastName}`.trim() || row.username;
  const { isAuthor } = row;
  return {
    kind: isAuthor ? "author" : "person",
    id: row.id,
    label: name,
    sublabel: isAuthor ? `Author · @${row.username}` : `@${row.username}`,
    url: `/u/${encodeURIComponent(row.username)}`,
  };
}

export function genreSuggestion(genre: Genre): Suggestion {
  return {
    kind: "genre",
    id: genre.id,
    label: genre.displayName,
    sublabel: "Genre",
    url: `/browse?genre=${encodeURIComponent(genre.id)}`,
  };
}
