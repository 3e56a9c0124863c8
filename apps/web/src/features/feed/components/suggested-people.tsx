import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { ErrorState } from "../../../components/error-state";
import { LoadingStatus, placeholderKeys, Skeleton } from "../../../components/skeleton";
import { displayName, pluralize } from "../../../lib/format";
import { FollowButton, UserAvatar, useSuggestedUsers } from "../../users";
import { feedKeys } from "../queries";

const SHOWN = 6;

/** People to follow from an empty feed; following one fills the feed with what they have done. */
export function SuggestedPeople() {
  const client = useQueryClient();
  const suggested = useSuggestedUsers();
  if (suggested.isPending) {
    return (
      <div aria-hidden="true" className="grid gap-2 sm:grid-cols-2">
        <LoadingStatus label="Loading people to follow…" />
        {placeholderKeys(4).map((key) => (
          <Skeleton key={key} className="h-16 w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  if (suggested.isError) {
    return (
      <ErrorState
        compact
        title="Couldn't load people to follow"
        error={suggested.error}
        onRetry={() => suggested.refetch()}
        isRetrying={suggested.isFetching}
      />
    );
  }
  if (suggested.data.length === 0) return null;
  return (
    <section aria-labelledby="suggested-people" className="flex flex-col gap-3">
      <h2 id="suggested-people" className="font-semibold font-serif text-ink text-xl">
        People to follow
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2" data-testid="suggested-people">
        {suggested.data.slice(0, SHOWN).map((user) => (
          <li key={user.id} className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3">
            <UserAvatar user={user} size={40} />
            <div className="min-w-0 flex-1">
              <Link
                to={`/u/${encodeURIComponent(user.username)}`}
                className="block truncate font-medium text-ink hover:underline"
              >
                {displayName(user)}
              </Link>
              <p className="truncate text-ink-muted text-sm">
                @{user.username}
                {user.author ? ` · Author · ${pluralize(user.author.nReaders, "reader")}` : ""}
              </p>
            </div>
            <FollowButton userId={user.id} onCountChange={() => client.invalidateQueries({ queryKey: feedKeys.all })} />
          </li>
        ))}
      </ul>
    </section>
  );
}
