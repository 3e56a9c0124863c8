import type { PublicUser } from "@quire/core";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Users } from "lucide-react";
import { Link, NavLink, useParams } from "react-router";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { WayBackLinks } from "../../../components/way-back-links";
import { api } from "../../../lib/api-client";
import { errorMessage, hasErrorCode } from "../../../lib/errors";
import { displayName } from "../../../lib/format";
import { useScreenTitle } from "../../../lib/screen-title";
import { useSession } from "../../auth";
import { FollowButton } from "../components/follow-button";
import { PeopleListSkeleton } from "../components/people-list-skeleton";
import { UserAvatar } from "../components/user-avatar";
import { userKeys, useUserByUsername } from "../queries";

type Direction = "followers" | "following";

export const FollowersScreen = () => <FollowListScreen direction="followers" />;
export const FollowingScreen = () => <FollowListScreen direction="following" />;

function useFollowList(direction: Direction, userId: string | undefined) {
  return useInfiniteQuery({
    queryKey: [...userKeys.all, direction, userId] as const,
    queryFn: ({ pageParam, signal }) =>
      api(`users.${direction}`, { params: { id: userId ?? "" }, query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: userId !== undefined,
  });
}

/** Who follows a user, or whom they follow: newest first, a page at a time, each with a Follow button. */
function FollowListScreen({ direction }: { direction: Direction }) {
  const { username = "" } = useParams();
  const profile = useUserByUsername(username);
  const name = profile.data ? displayName(profile.data) : undefined;
  useScreenTitle(
    name ? (direction === "followers" ? `People following ${name}` : `People ${name} follows`) : undefined,
  );
  const profilePath = `/u/${encodeURIComponent(username)}`;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 md:px-6" data-testid="follow-list-page">
      {profile.isError ? (
        hasErrorCode(profile.error, "not-found") ? (
          <div className="flex flex-col items-center gap-4 py-12 text-center">
            <h1 className="font-semibold font-serif text-3xl text-ink">Reader not found</h1>
            <p className="text-ink-muted">
              {errorMessage(profile.error)}. There is no one called @{username} on Quire.
            </p>
            <WayBackLinks first="home" />
          </div>
        ) : (
          <ErrorState error={profile.error} onRetry={() => profile.refetch()} isRetrying={profile.isFetching} />
        )
      ) : (
        <>
          <header className="flex flex-col gap-3">
            <Link
              to={profilePath}
              className="flex w-fit items-center gap-1.5 rounded-md text-ink-muted text-sm hover:text-ink"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              {name ?? `@${username}`}
            </Link>
            <h1 className="font-semibold font-serif text-3xl text-ink tracking-tight">
              {direction === "followers" ? "Followers" : "Following"}
            </h1>
            <nav aria-label="Connections">
              <ul className="flex gap-1">
                {(["followers", "following"] as const).map((tab) => (
                  <li key={tab}>
                    <NavLink
                      to={`${profilePath}/${tab}`}
                      className={({ isActive }) =>
                        `inline-flex rounded-full px-4 py-2 font-medium text-sm transition-colors ${
                          isActive
                            ? "bg-accent-soft text-accent-soft-ink"
                            : "text-ink-muted hover:bg-sunken hover:text-ink"
                        }`
                      }
                    >
                      {tab === "followers" ? "Followers" : "Following"}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </header>
          <FollowList direction={direction} user={profile.data} />
        </>
      )}
    </div>
  );
}

function FollowList({ direction, user }: { direction: Direction; user: PublicUser | undefined }) {
  const list = useFollowList(direction, user?.id);
  const session = useSession();
  const client = useQueryClient();
  if (!user || list.isPending) {
    return <PeopleListSkeleton label="Loading people…" rows={5} />;
  }
  // A failed "Load more" keeps the pages already shown: only a first page that failed replaces the list.
  if (!list.data) {
    return <ErrorState error={list.error} onRetry={() => list.refetch()} isRetrying={list.isFetching} />;
  }
  const people = list.data.pages.flatMap((page) => page.items);
  if (people.length === 0) {
    const name = displayName(user);
    return (
      <EmptyState
        title={direction === "followers" ? "No followers yet" : "Not following anyone yet"}
        icon={<Users aria-hidden="true" className="size-6" />}
      >
        <p className="max-w-md text-ink-muted text-sm">
          {direction === "followers"
            ? `When people follow ${name}, they show up here.`
            : `When ${name} follows people, they show up here.`}
        </p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-2" data-testid="follow-list">
        {people.map((person) => (
          <li
            key={person.id}
            className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3"
            data-testid="follow-list-person"
          >
            <UserAvatar user={person} size={48} />
            <div className="min-w-0 flex-1">
              <Link
                to={`/u/${encodeURIComponent(person.username)}`}
                className="block truncate font-medium text-ink hover:underline"
              >
                {displayName(person)}
              </Link>
              <p className="truncate text-ink-muted text-sm">@{person.username}</p>
            </div>
            {session.status === "signed-in" && session.user?.id !== person.id ? (
              <FollowButton
                userId={person.id}
                onCountChange={(nFollowers) =>
                  client.setQueryData<PublicUser>(userKeys.byUsername(person.username), (cached) =>
                    cached ? { ...cached, nFollowers } : cached,
                  )
                }
              />
            ) : null}
          </li>
        ))}
      </ul>
      {list.isFetchNextPageError ? (
        <ErrorState
          compact
          title="Couldn't load more"
          error={list.error}
          onRetry={() => list.fetchNextPage()}
          isRetrying={list.isFetchingNextPage}
        />
      ) : list.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          onClick={() => list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {list.isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      ) : null}
    </>
  );
}
