import type { Book } from "@quire/core";
import { Fragment } from "react";
import { Link } from "react-router";

/** A profile reached by user id: bylines know authors by id, profiles live at their username. */
export function userPath(id: string): string {
  return `/users/${encodeURIComponent(id)}`;
}

/** An author without an account (an imported classic's): their books, through search. */
export function authorSearchPath(name: string): string {
  return `/search?${new URLSearchParams({ q: name, kind: "books" })}`;
}

/**
 * "A", "A & B", "A, B & C": each name a link to the author's profile when the book knows their account, else
 * to a search for their books. `relative` lifts the links above a card's stretched title link; the dotted underline
 * tells them from the text around them without colour alone. Their bottom padding (inline: the line keeps its
 * height) makes each a 24 px tall target (WCAG 2.5.8) without closing in on the title link above.
 */
export function Byline({ book, className = "" }: { book: Pick<Book, "authors" | "authorIds">; className?: string }) {
  const { authors, authorIds } = book;
  if (authors.length === 0) return <span className={className}>Unknown author</span>;
  return (
    <span className={className} data-testid="byline">
      {authors.map((name, index) => {
        const id = authorIds[index];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: two authors may share a name; their place tells them apart.
          <Fragment key={index}>
            {index === 0 ? "" : index === authors.length - 1 ? " & " : ", "}
            <Link
              to={id ? userPath(id) : authorSearchPath(name)}
              className="relative pb-2.5 underline decoration-dotted underline-offset-3 hover:text-accent hover:decoration-solid"
              data-testid="byline-author"
            >
              {name}
            </Link>
          </Fragment>
        );
      })}
    </span>
  );
}
