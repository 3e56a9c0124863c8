import type { Notification as InboxNotification } from "@quire/core";
import { Bell } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { LoadingStatus, Skeleton } from "../../../components/skeleton";
import { formatDateTime } from "../../../lib/format";
import { useScreenTitle } from "../../../lib/screen-title";
import { RequireSession } from "../../auth";
import { useInbox, useMarkRead } from "../queries";

export function NotificationsScreen() {
  useScreenTitle("Notifications");
  return <RequireSession>{() => <Inbox />}</RequireSession>;
}

/** Where a notification leads: the book it is about, or the profile of who followed (none once they left). */
function linkOf(notification: InboxNotification): string | undefined {
  if (notification.resource.type === "book") return `/books/${encodeURIComponent(notification.resource.id)}`;
  return notification.actor.former ? undefined : `/u/${encodeURIComponent(notification.resource.name)}`;
}

/**
 * Opening the inbox reads what it shows: the unread ones are marked read on the server (the bell's count
 * drops) while this visit keeps them highlighted as new.
 */
function useReadOnView(items: readonly InboxNotification[] | undefined) {
  const { mutate } = useMarkRead();
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  const sent = useRef(new Set<string>());
  useEffect(() => {
    const unseen = (items ?? []).filter((item) => item.readAt === null && !sent.current.has(item.id));
    if (unseen.length === 0) return;
    const ids = unseen.map((item) => item.id).slice(0, MARK_READ_BATCH);
    for (const id of ids) sent.current.add(id);
    setFresh((previous) => new Set([...previous, ...ids]));
    mutate({ ids });
  }, [items, mutate]);
  return fresh;
}

const MARK_READ_BATCH = 100;

function Inbox() {
  const inbox = useInbox();
  const markRead = useMarkRead();
  const fresh = useReadOnView(inbox.data?.items);
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
            const isNew = notification.readAt === null || fresh.has(notification.id);
            const link = linkOf(notification);
            const content = (
              <>
                <span className="font-medium text-ink">
                  {notification.title}
                  {isNew ? <span className="sr-only"> (new)</span> : null}
                </span>
                <span className="text-ink-muted text-sm">{notification.body}</span>
                <time dateTime={notification.createdAt} className="text-ink-muted text-xs">
                  {formatDateTime(notification.createdAt)}
                </time>
              </>
            );
            return (
              <li
                key={notification.id}
                className={`rounded-2xl border border-line px-4 py-3 ${isNew ? "bg-accent-soft" : "bg-surface"}`}
              >
                {link ? (
                  <Link to={link} className="flex flex-col gap-0.5 rounded-md">
                    {content}
                  </Link>
                ) : (
                  <div className="flex flex-col gap-0.5">{content}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
