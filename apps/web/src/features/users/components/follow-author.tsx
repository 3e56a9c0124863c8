import type { Book } from "@quire/core";
import { UserPlus } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonClasses } from "../../../components/button";
import { signInPathFor, useSession } from "../../auth";
import { FollowButton } from "./follow-button";

/**
 * "Follow author" beside a community book's byline, one per author with an account (named when there are
 * several); never for the viewer's own name. Visitors get a way to sign in that brings them back.
 */
export function FollowAuthor({ book }: { book: Pick<Book, "authors" | "authorIds"> }) {
  const session = useSession();
  const location = useLocation();
  const authors = book.authorIds
    .map((id, index) => ({ id, name: book.authors[index] ?? "" }))
    .filter((author) => author.id !== session.user?.id);
  if (authors.length === 0 || session.status === "loading") return null;

  if (session.status !== "signed-in") {
    return (
      <Link
        to={signInPathFor(`${location.pathname}${location.search}`)}
        className={buttonClasses("secondary", "sm")}
        data-testid="follow-author-sign-in"
      >
        <UserPlus aria-hidden="true" className="size-4" />
        {authors.length > 1 ? "Follow authors" : "Follow author"}
      </Link>
    );
  }
  return (
    <div className="flex flex-wrap items-start justify-center gap-2 md:justify-start" data-testid="follow-author">
      {authors.map((author) => (
        <FollowButton
          key={author.id}
          userId={author.id}
          label={authors.length > 1 && author.name ? `Follow ${author.name}` : "Follow author"}
        />
      ))}
    </div>
  );
}
