import type { Me } from "@quire/core";
import { Users } from "lucide-react";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { FormAlert } from "../../../components/form-alert";
import { LoadingStatus, Skeleton } from "../../../components/skeleton";
import { formatDate } from "../../../lib/format";
import { useScreenTitle } from "../../../lib/screen-title";
import { RequireSession } from "../../auth";
import { useBetaSignups } from "../queries";

export function AdminBetaScreen() {
  useScreenTitle("Beta sign-ups");
  return <RequireSession>{(user) => <AdminBeta user={user} />}</RequireSession>;
}

function AdminBeta({ user }: { user: Me }) {
  if (!user.roles.includes("admin")) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <FormAlert>Only administrators can do this.</FormAlert>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 md:px-6 md:py-12">
      <header>
        <h1 className="font-semibold font-serif text-3xl text-ink tracking-tight">Beta sign-ups</h1>
        <p className="text-ink-muted">Readers who asked to try Quire Plus, newest accounts first.</p>
      </header>
      <BetaList />
    </div>
  );
}

function BetaList() {
  const signups = useBetaSignups();
  if (signups.isPending) {
    return (
      <div className="flex flex-col gap-2">
        <LoadingStatus label="Loading beta sign-ups" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  }
  if (signups.isError) return <ErrorState error={signups.error} onRetry={() => void signups.refetch()} />;
  const rows = signups.data.pages.flatMap((page) => page.items);
  if (rows.length === 0) {
    return (
      <EmptyState icon={<Users aria-hidden className="size-8" />} title="No beta sign-ups yet">
        <p className="text-ink-muted text-sm">They appear here as readers join.</p>
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="overflow-x-auto rounded-2xl border border-line bg-surface">
        <table className="w-full text-left text-sm">
          <thead className="border-line border-b text-ink-muted">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Username
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Email
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Joined Quire
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-line border-b last:border-0">
                <td className="px-4 py-3 text-ink">@{row.username}</td>
                <td className="px-4 py-3 text-ink">{row.email}</td>
                <td className="px-4 py-3 text-ink-muted">{formatDate(row.joinedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {signups.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          onClick={() => void signups.fetchNextPage()}
          disabled={signups.isFetchingNextPage}
        >
          {signups.isFetchingNextPage ? "Loading…" : "Show more"}
        </Button>
      ) : null}
    </div>
  );
}
