import type { Me } from "@quire/core";
import { AppError } from "@quire/core/errors";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { ErrorState } from "../../../components/error-state";
import { LoadingStatus, Skeleton } from "../../../components/skeleton";
import { signInPathFor } from "../next-path";
import { useSession } from "../session";

/**
 * Renders its children for the signed-in user; anyone else is sent to sign in, with `next`
 * pointing back here.
 */
export function RequireSession({ children }: { children: (user: Me) => ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === "signed-in" && session.user) return children(session.user);
  if (session.status === "signed-out") {
    return <Navigate to={signInPathFor(`${location.pathname}${location.search}`)} replace />;
  }
  if (session.status === "error") {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 md:px-6">
        <ErrorState
          title={AppError.of("userDataFetchFailed").message}
          error={session.error}
          onRetry={session.refetch}
          isRetrying={session.isFetching}
        />
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:px-6 md:py-12">
      <LoadingStatus label="Loading your account…" />
      <Skeleton className="h-9 w-56" />
      <Skeleton className="h-36 w-full rounded-2xl" />
      <Skeleton className="h-64 w-full rounded-2xl" />
    </div>
  );
}
