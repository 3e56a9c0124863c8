import type { Notification as InboxNotification } from "@quire/core";
import { Bell } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { LoadingStatus, Skeleton } from "../../../components/skeleton";
import { formatDateTime } from "../../../lib/format";
import { useScreenTitle } from "../../../lib/screen-title";
import { RequireSession } from "../../auth/components/require-session";
import { useInbox, useMarkRead } from "../queries";

export function NotificationsScreen() {
  useScreenTitle("Notifications");
  return <RequireSession>{() => <Inbox />}</RequireSession>;
}

/** Where a notification leads: the book it is about, or the profile of who followed. */
function linkOf(notification: InboxNotification): string {
  return notification.resource.type === "book"
    ? `/books/${encodeURIComponent(notification.resource.id)}`
    : `/u/${encodeURIComponent(notification.resource.name)}`;
}

function Inbox() {
  const inbox = useInbox();
  const markRead = useMarkRead();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 md:px-6" data-testid="notifications">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-semibold font-serif text-3xl text-ink tracking-tight">Notifications</h1>
        {inbox.data && inbox.data.unreadCount > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            Mark all as read
          </Button>
        ) : null}
      </header>
      {inbox.isPending ? (
        <div aria-hidden="true" className="flex flex-col gap-3">
          <LoadingStatus label="Loading notifications…" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : inbox.isError ? (
        <ErrorState error={inbox.error} onRetry={() => inbox.refetch()} isRetrying={inbox.isFetching} />
      ) : inbox.data.items.length === 0 ? (
        <EmptyState title="Nothing new yet" icon={<Bell aria-hidden="true" className="size-6" />}>
          Follows, launches of books you wait for, and what the people you follow read show up here.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-2">
          {inbox.data.items.map((notification) => {
            const unread = notification.readAt === null;
            return (
              <li
                key={notification.id}
                className={`rounded-2xl border border-line px-4 py-3 ${unread ? "bg-accent-soft" : "bg-surface"}`}
              >
                <Link
                  to={linkOf(notification)}
                  className="flex flex-col gap-0.5 rounded-md"
                  onClick={() => (unread ? markRead.mutate({ ids: [notification.id] }) : undefined)}
                >
                  <span className="font-medium text-ink">
                    {notification.title}
                    {unread ? <span className="sr-only"> (unread)</span> : null}
                  </span>
                  <span className="text-ink-muted text-sm">{notification.body}</span>
                  <time dateTime={notification.createdAt} className="text-ink-muted text-xs">
                    {formatDateTime(notification.createdAt)}
                  </time>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
