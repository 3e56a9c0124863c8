import type { ActivityVerb, FeedItem } from "@quire/core";
import { Link } from "react-router";
import { displayName, formatDateTime } from "../../../lib/format";
import { BookCover, Byline } from "../../catalog";
import { UserAvatar } from "../../users";
import { formatRelativeTime } from "../relative-time";

const VERB_TEXT: Record<ActivityVerb, string> = {
  started: "started reading",
  finished: "finished",
  starred: "starred",
  launched: "launched",
};

/** "Ada started reading <Book>": who (to their profile), what, which book (to its page), and when. */
export function FeedEntry({ item, now }: { item: FeedItem; now: number }) {
  const profile = `/u/${encodeURIComponent(item.actor.username)}`;
  const book = `/books/${encodeURIComponent(item.book.id)}`;
  return (
    <li
      className="flex items-start gap-3 rounded-2xl border border-line bg-surface p-3 sm:gap-4 sm:p-4"
      data-testid="feed-item"
      data-type={item.type}
    >
      {/* The name beside it is the same link for keyboards and screen readers. */}
      <Link to={profile} tabIndex={-1} aria-hidden="true" className="shrink-0 rounded-full">
        <UserAvatar user={item.actor} size={40} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-ink leading-snug">
          <Link to={profile} className="font-semibold hover:underline">
            {displayName(item.actor)}
          </Link>{" "}
          <span className="text-ink-muted">{VERB_TEXT[item.type]}</span>{" "}
          <Link to={book} className="font-serif font-semibold hover:underline" data-testid="feed-item-book">
            {item.book.title}
          </Link>
        </p>
        {item.book.authors.length > 0 ? (
          <p className="truncate text-ink-muted text-sm">
            by <Byline book={item.book} />
          </p>
        ) : null}
        <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)} className="text-ink-muted text-xs">
          {formatRelativeTime(item.createdAt, now)}
        </time>
      </div>
      <Link to={book} tabIndex={-1} aria-hidden="true" className="w-12 shrink-0 rounded-lg sm:w-14">
        <BookCover book={item.book} />
      </Link>
    </li>
  );
}
