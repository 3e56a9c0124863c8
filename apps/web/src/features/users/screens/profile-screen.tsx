import type { PublicProfile, PublicUser } from "@quire/core";
import { type UseQueryResult, useQueryClient } from "@tanstack/react-query";
import { CalendarDays, MapPin, PencilLine } from "lucide-react";
import type { ReactNode } from "react";
import { Link, Navigate, useParams } from "react-router";
import { buttonClasses } from "../../../components/button";
import { ErrorState } from "../../../components/error-state";
import { LoadingStatus, Skeleton } from "../../../components/skeleton";
import { WayBackLinks } from "../../../components/way-back-links";
import { errorMessage, hasErrorCode } from "../../../lib/errors";
import { displayName, formatDate, formatNumber } from "../../../lib/format";
import { useScreenTitle } from "../../../lib/screen-title";
import { useSession } from "../../auth";
import { AuthorBooks } from "../components/author-books";
import { FollowButton } from "../components/follow-button";
import { ProfileCover } from "../components/profile-cover";
import { ReadingActivitySection } from "../components/reading-activity-section";
import { UserAvatar } from "../components/user-avatar";
import { userKeys, useUserById, useUserByUsername } from "../queries";

/** Profile links to the two networks SPEC §3 names; handles are stored without the @. */
function socialLinks(social: PublicUser["social"]) {
  return [
    social.instagram
      ? { label: "Instagram", handle: social.instagram, href: `https://instagram.com/${social.instagram}` }
      : null,
    social.x ? { label: "X", handle: social.x, href: `https://x.com/${social.x}` } : null,
  ].filter((link) => link !== null);
}

/** `/u/:username`, and `/users/:id` (where bylines lead), which moves on to the username's address. */
export function ProfileScreen() {
  const { username = "", id } = useParams();
  return id === undefined ? <Profile username={username} /> : <ProfileById id={id} />;
}

function ProfileById({ id }: { id: string }) {
  const query = useUserById(id);
  useScreenTitle(query.isError ? "Reader not found" : undefined);
  if (query.data) return <Navigate to={`/u/${encodeURIComponent(query.data.username)}`} replace />;
  return <ProfileStates query={query} missing="This link leads to no one on Quire." />;
}

/** The loading, not-found and failed states of a profile; its content once it has loaded. */
function ProfileStates({
  query,
  missing,
  children,
}: {
  query: UseQueryResult<PublicProfile>;
  missing: string;
  children?: (user: PublicProfile) => ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-12 md:px-6" data-testid="profile-page">
      {query.isError ? (
        hasErrorCode(query.error, "not-found") ? (
          <div className="flex flex-col items-center gap-4 py-12 text-center" data-testid="profile-not-found">
            <h1 className="font-semibold font-serif text-3xl text-ink">Reader not found</h1>
            <p className="text-ink-muted">
              {errorMessage(query.error)}. {missing}
            </p>
            <WayBackLinks first="home" />
          </div>
        ) : (
          <ErrorState error={query.error} onRetry={() => query.refetch()} isRetrying={query.isFetching} />
        )
      ) : query.data && children ? (
        children(query.data)
      ) : (
        <div className="flex flex-col items-center gap-4" aria-hidden="true">
          <LoadingStatus label="Loading profile…" />
          <Skeleton className="size-28 rounded-full" />
          <Skeleton className="h-8 w-56" />
          <Skeleton className="h-4 w-32" />
        </div>
      )}
    </div>
  );
}

/** A reader's or author's public profile: who they are, where they read from, how connected they are, their books. */
function Profile({ username }: { username: string }) {
  const session = useSession();
  const query = useUserByUsername(username);
  const client = useQueryClient();
  useScreenTitle(query.data ? displayName(query.data) : query.isError ? "Reader not found" : undefined);
  const isOwner = !!session.user && session.user.id === query.data?.id;

  return (
    <ProfileStates query={query} missing={`There is no one called @${username} on Quire.`}>
      {(user) => (
        <article className="flex flex-col items-center gap-6 text-center">
          <div className="relative w-full">
            <ProfileCover user={user} />
            <div className="absolute -bottom-14 left-1/2 -translate-x-1/2">
              <UserAvatar user={user} size={112} />
            </div>
          </div>
          <div className="h-8" />
          <header className="flex flex-col gap-1">
            <h1 className="font-semibold font-serif text-3xl text-ink sm:text-4xl">{displayName(user)}</h1>
            <p className="text-ink-muted">@{user.username}</p>
            {user.roles.includes("author") ? (
              <p className="mx-auto mt-1 w-fit rounded-full bg-accent-soft px-3 py-0.5 font-medium text-accent-soft-ink text-xs">
                Author
              </p>
            ) : null}
          </header>
          {isOwner ? (
            <Link to="/settings/profile" className={buttonClasses("secondary", "sm")} data-testid="profile-edit">
              <PencilLine aria-hidden="true" className="size-4" />
              Edit profile
            </Link>
          ) : session.status === "signed-in" ? (
            <FollowButton
              userId={user.id}
              onCountChange={(nFollowers) =>
                client.setQueryData(userKeys.byUsername(username), { ...user, nFollowers })
              }
            />
          ) : null}
          {user.description ? <p className="max-w-prose text-ink leading-relaxed">{user.description}</p> : null}
          <dl className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-ink-muted text-sm">
            {user.location ? (
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">Location</dt>
                <MapPin aria-hidden="true" className="size-4" />
                <dd>{user.location}</dd>
              </div>
            ) : null}
            {socialLinks(user.social).map(({ label, href, handle }) => (
              <div key={label} className="flex items-center gap-1.5">
                <dt className="sr-only">{label}</dt>
                <dd>
                  <a href={href} rel="noopener noreferrer me" target="_blank" className="text-accent hover:underline">
                    {label} @{handle}
                  </a>
                </dd>
              </div>
            ))}
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">Joined</dt>
              <CalendarDays aria-hidden="true" className="size-4" />
              <dd>Joined {formatDate(user.createdAt)}</dd>
            </div>
          </dl>
          <ul
            className={`grid w-full gap-3 ${user.author ? "max-w-md grid-cols-3" : "max-w-sm grid-cols-2"}`}
            data-testid="profile-counts"
          >
            {(
              [
                ["Followers", "followers", user.nFollowers],
                ["Following", "following", user.nFollowing],
              ] as const
            ).map(([label, path, value]) => (
              <li key={label} className="flex">
                <Link
                  to={path}
                  relative="path"
                  data-testid={`profile-${path}-link`}
                  className="flex flex-1 flex-col-reverse rounded-2xl border border-line bg-surface px-4 py-3 transition-colors hover:border-accent/40 hover:bg-sunken"
                >
                  <span className="text-ink-muted text-sm">{label}</span>
                  <span className="font-semibold font-serif text-2xl text-ink tabular-nums">{formatNumber(value)}</span>
                </Link>
              </li>
            ))}
            {user.author ? (
              <li
                className="flex flex-col-reverse rounded-2xl border border-line bg-surface px-4 py-3"
                data-testid="profile-readers"
              >
                <span className="text-ink-muted text-sm">{user.author.nReaders === 1 ? "Reader" : "Readers"}</span>
                <span className="font-semibold font-serif text-2xl text-ink tabular-nums">
                  {formatNumber(user.author.nReaders)}
                </span>
              </li>
            ) : null}
          </ul>
          <AuthorBooks user={user} isOwner={isOwner} />
          <ReadingActivitySection userId={user.id} />
        </article>
      )}
    </ProfileStates>
  );
}
