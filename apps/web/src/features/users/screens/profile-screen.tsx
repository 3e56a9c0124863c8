import type { PublicUser } from "@quire/core";
import { useQueryClient } from "@tanstack/react-query";
import { CalendarDays, MapPin, PencilLine } from "lucide-react";
import { Link, useParams } from "react-router";
import { buttonClasses } from "../../../components/button";
import { ErrorState } from "../../../components/error-state";
import { LoadingStatus, Skeleton } from "../../../components/skeleton";
import { WayBackLinks } from "../../../components/way-back-links";
import { errorMessage, hasErrorCode } from "../../../lib/errors";
import { displayName, formatDate, formatNumber } from "../../../lib/format";
import { useScreenTitle } from "../../../lib/screen-title";
import { useSession } from "../../auth/session";
import { FollowButton } from "../components/follow-button";
import { ProfileCover } from "../components/profile-cover";
import { ReadingActivitySection } from "../components/reading-activity-section";
import { UserAvatar } from "../components/user-avatar";
import { userKeys, useUserByUsername } from "../queries";

/** A reader's or author's public profile: who they are, where they read from, how connected they are. */
/** Profile links to the two networks SPEC §3 names; handles are stored without the @. */
function socialLinks(social: PublicUser["social"]) {
  return [
    social.instagram
      ? { label: "Instagram", handle: social.instagram, href: `https://instagram.com/${social.instagram}` }
      : null,
    social.x ? { label: "X", handle: social.x, href: `https://x.com/${social.x}` } : null,
  ].filter((link) => link !== null);
}

export function ProfileScreen() {
  const { username = "" } = useParams();
  const session = useSession();
  const query = useUserByUsername(username);
  const client = useQueryClient();
  useScreenTitle(query.data ? displayName(query.data) : query.isError ? "Reader not found" : undefined);

  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-12 md:px-6" data-testid="profile-page">
      {query.isPending ? (
        <div className="flex flex-col items-center gap-4" aria-hidden="true">
          <LoadingStatus label="Loading profile…" />
          <Skeleton className="size-28 rounded-full" />
          <Skeleton className="h-8 w-56" />
          <Skeleton className="h-4 w-32" />
        </div>
      ) : query.isError ? (
        hasErrorCode(query.error, "not-found") ? (
          <div className="flex flex-col items-center gap-4 py-12 text-center" data-testid="profile-not-found">
            <h1 className="font-semibold font-serif text-3xl text-ink">Reader not found</h1>
            <p className="text-ink-muted">
              {errorMessage(query.error)}. There is no one called @{username} on Quire.
            </p>
            <WayBackLinks first="home" />
          </div>
        ) : (
          <ErrorState error={query.error} onRetry={() => query.refetch()} isRetrying={query.isFetching} />
        )
      ) : (
        <article className="flex flex-col items-center gap-6 text-center">
          <div className="relative w-full">
            <ProfileCover user={query.data} />
            <div className="absolute -bottom-14 left-1/2 -translate-x-1/2">
              <UserAvatar user={query.data} size={112} />
            </div>
          </div>
          <div className="h-8" />
          <header className="flex flex-col gap-1">
            <h1 className="font-semibold font-serif text-3xl text-ink sm:text-4xl">{displayName(query.data)}</h1>
            <p className="text-ink-muted">@{query.data.username}</p>
            {query.data.roles.includes("author") ? (
              <p className="mx-auto mt-1 w-fit rounded-full bg-accent-soft px-3 py-0.5 font-medium text-accent-soft-ink text-xs">
                Author
              </p>
            ) : null}
          </header>
          {session.user?.id === query.data.id ? (
            <Link to="/settings/profile" className={buttonClasses("secondary", "sm")} data-testid="profile-edit">
              <PencilLine aria-hidden="true" className="size-4" />
              Edit profile
            </Link>
          ) : session.status === "signed-in" ? (
            <FollowButton
              userId={query.data.id}
              onCountChange={(nFollowers) =>
                client.setQueryData(userKeys.byUsername(username), { ...query.data, nFollowers })
              }
            />
          ) : null}
          {query.data.description ? (
            <p className="max-w-prose text-ink leading-relaxed">{query.data.description}</p>
          ) : null}
          <dl className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-ink-muted text-sm">
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">Location</dt>
              <MapPin aria-hidden="true" className="size-4" />
              <dd>{query.data.location}</dd>
            </div>
            {socialLinks(query.data.social).map(({ label, href, handle }) => (
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
              <dd>Joined {formatDate(query.data.createdAt)}</dd>
            </div>
          </dl>
          <ul
            className={`grid w-full gap-3 ${query.data.author ? "max-w-md grid-cols-3" : "max-w-sm grid-cols-2"}`}
            data-testid="profile-counts"
          >
            {(
              [
                ["Followers", "followers", query.data.nFollowers],
                ["Following", "following", query.data.nFollowing],
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
            {query.data.author ? (
              <li
                className="flex flex-col-reverse rounded-2xl border border-line bg-surface px-4 py-3"
                data-testid="profile-readers"
              >
                <span className="text-ink-muted text-sm">
                  {query.data.author.nReaders === 1 ? "Reader" : "Readers"}
                </span>
                <span className="font-semibold font-serif text-2xl text-ink tabular-nums">
                  {formatNumber(query.data.author.nReaders)}
                </span>
              </li>
            ) : null}
          </ul>
          <ReadingActivitySection userId={query.data.id} />
        </article>
      )}
    </div>
  );
}
