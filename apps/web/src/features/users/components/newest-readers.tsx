import { RECENT_USERS_COUNT } from "@quire/core/constants";
import { Link } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { Section } from "../../../components/section";
import { LoadingStatus, placeholderKeys, Skeleton } from "../../../components/skeleton";
import { displayName } from "../../../lib/format";
import { useRecentUsers } from "../queries";
import { UserAvatar } from "./user-avatar";

const LIST_CLASSES = "grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8";

export function NewestReaders() {
  const query = useRecentUsers();
  return (
    <Section id="newest-readers" title="Newest readers" description="Say hello to the people who just joined.">
      {query.isPending ? (
        <>
          <LoadingStatus label="Loading newest readers…" />
          <ul className={LIST_CLASSES} aria-hidden="true">
            {placeholderKeys(RECENT_USERS_COUNT).map((key) => (
              <li key={key} className="flex flex-col items-center gap-2 rounded-2xl bg-surface p-4">
                <Skeleton className="size-14 rounded-full" />
                <Skeleton className="h-3.5 w-20" />
                <Skeleton className="h-3 w-14" />
              </li>
            ))}
          </ul>
        </>
      ) : query.isError ? (
        <ErrorState
          title="Couldn't load newest readers"
          error={query.error}
          onRetry={() => query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : query.data.length === 0 ? (
        <EmptyState title="No readers yet">
          <p className="text-ink-muted text-sm">New readers will show up here as they join.</p>
        </EmptyState>
      ) : (
        <ul className={LIST_CLASSES} data-testid="newest-readers">
          {query.data.map((user) => (
            <li
              key={user.id}
              className="relative flex min-w-0 flex-col items-center gap-2 rounded-2xl border border-line bg-surface px-3 py-4 text-center transition-colors hover:border-accent/40"
            >
              <UserAvatar user={user} />
              <div className="w-full min-w-0">
                <Link
                  to={`/u/${encodeURIComponent(user.username)}`}
                  className="block truncate rounded font-medium text-ink text-sm after:absolute after:inset-0 hover:underline"
                >
                  {displayName(user)}
                </Link>
                <p className="truncate text-ink-muted text-xs">@{user.username}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
