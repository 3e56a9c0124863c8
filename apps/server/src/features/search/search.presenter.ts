import type { Genre, Suggestion } from "@quire/core";
import { parseJson } from "../../db/json";
import type { BookRow } from "../../db/schema";
import type { ProfileRow } from "../users";

export function bookSuggestion(row: BookRow): Suggestion {
  const authors = parseJson<string[]>(row.authors, []).join(", ");
  return {
    kind: "book",
    id: row.id,
    label: row.title,
    ...(authors ? { sublabel: authors } : {}),
    url: `/books/${row.id}`,
  };
}

/** A person who writes on Quire is suggested as an author, anyone else as a person. */
export function personSuggestion(row: ProfileRow): Suggestion {
  const name = `${row.firstName} ${row.lastName}`.trim() || row.username;
  const isAuthor = row.authorReaders !== null;
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
