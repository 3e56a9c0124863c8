import type { AnalyticsRange, AnalyticsSummary, Me } from "@quire/core";
import { apiPath } from "@quire/core/api-paths";
import { BarChart3, Download } from "lucide-react";
import { type ReactNode, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClasses } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { FormAlert } from "../../../components/form-alert";
import { LoadingStatus, placeholderKeys, Skeleton } from "../../../components/skeleton";
import { withQuery } from "../../../lib/api-client";
import { formatDate, formatNumber } from "../../../lib/format";
import { useScreenTitle } from "../../../lib/screen-title";
import { RequireSession } from "../../auth";
import { bookPath } from "../../catalog";
import { type Column, DataTable } from "../components/data-table";
import { Funnel } from "../components/funnel";
import { RangePicker } from "../components/range-picker";
import { type ChartSeries, TimeChart } from "../components/time-chart";
import { useAnalyticsSummary } from "../queries";
import { rangeFromSearch } from "../range";

export function AdminAnalyticsScreen() {
  useScreenTitle("Analytics");
  return <RequireSession>{(user) => <AdminAnalytics user={user} />}</RequireSession>;
}

function AdminAnalytics({ user }: { user: Me }) {
  const [search, setSearch] = useSearchParams();
  const range = rangeFromSearch(search);
  if (!user.roles.includes("admin")) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <FormAlert>Only administrators can do this.</FormAlert>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 md:px-6 md:py-12" data-testid="admin-analytics">
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="font-semibold font-serif text-3xl text-ink tracking-tight">Analytics</h1>
          <p className="text-ink-muted">
            Readers, sign-ups and reading from consenting visitors and the library itself.
          </p>
        </div>
        <a
          href={withQuery(apiPath("admin.analyticsSummaryCsv"), range)}
          download
          className={buttonClasses("secondary")}
          data-testid="analytics-csv"
        >
          <Download aria-hidden="true" className="size-4" />
          Download CSV
        </a>
      </header>
      <RangePicker range={range} onChange={(next) => setSearch(next, { replace: true })} />
      <Summary range={range} />
    </div>
  );
}

function Summary({ range }: { range: AnalyticsRange }) {
  const summary = useAnalyticsSummary(range);
  if (summary.isPending) return <SummarySkeleton />;
  if (summary.isError) {
    return (
      <ErrorState
        title="The figures could not be loaded"
        error={summary.error}
        onRetry={() => void summary.refetch()}
        isRetrying={summary.isFetching}
      />
    );
  }
  return (
    <div
      className={`flex flex-col gap-6 ${summary.isPlaceholderData ? "opacity-60" : ""}`}
      aria-busy={summary.isPlaceholderData}
    >
      <Figures summary={summary.data} />
    </div>
  );
}

function SummarySkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <LoadingStatus label="Loading the figures…" />
      {placeholderKeys(4, "chart").map((key) => (
        <Skeleton key={key} className="h-64 rounded-2xl" />
      ))}
    </div>
  );
}

type DailyFigure = Exclude<keyof AnalyticsSummary["days"][number], "day">;

function Figures({ summary }: { summary: AnalyticsSummary }) {
  const { days } = summary;
  const charts = useMemo(() => {
    const pick = (key: DailyFigure) => days.map((day) => day[key]);
    const series = (label: string, key: DailyFigure, colorVar: string): ChartSeries => ({
      label,
      values: pick(key),
      colorVar,
    });
    return {
      days: days.map((day) => day.day),
      readers: [series("Active readers", "activeReaders", "--q-accent")],
      pageViews: [series("Page views", "pageViews", "--q-sky-ink")],
      reads: [
        series("Reads started", "readsStarted", "--q-sage-ink"),
        series("Reads finished", "readsFinished", "--q-gold-ink"),
      ],
      signUps: [series("Sign-ups", "signUps", "--q-accent")],
    };
  }, [days]);
  const total = (key: DailyFigure) => days.reduce((sum, day) => sum + day[key], 0);
  const nothing = (["activeReaders", "pageViews", "signUps", "readsStarted"] as const).every((key) => total(key) === 0);

  return (
    <>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="Page views" value={total("pageViews")} />
        <Stat label="Sign-ups" value={total("signUps")} />
        <Stat label="Reads started" value={total("readsStarted")} />
        <Stat label="Reads finished" value={total("readsFinished")} />
      </dl>
      {nothing ? (
        <EmptyState title="Nothing in this range yet" icon={<BarChart3 aria-hidden="true" className="size-8" />}>
          <p className="text-ink-muted text-sm">
            Page views appear once consenting visitors browse; sign-ups and reads as people join and read.
          </p>
        </EmptyState>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <TimeChart title="Daily active readers" days={charts.days} series={charts.readers} />
        <TimeChart title="Page views per day" days={charts.days} series={charts.pageViews} />
        <TimeChart title="Reads started and finished" days={charts.days} series={charts.reads} />
        <TimeChart title="Sign-ups per day" days={charts.days} series={charts.signUps} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title="Funnel" description="Of the people who signed up in this range, how far each has come.">
          <Funnel funnel={summary.funnel} />
        </Panel>
        <Panel
          title="Sign-ups by campaign"
          description="The campaign each new account arrived with (utm source and medium)."
        >
          <DataTable
            caption="Sign-ups by campaign"
            rows={summary.campaigns}
            rowKey={(row) => `${row.source}/${row.medium}`}
            empty="No sign-ups in this range."
            columns={[
              { header: "Source", cell: (row) => row.source },
              { header: "Medium", cell: (row) => row.medium },
              { header: "Sign-ups", cell: (row) => formatNumber(row.signUps), numeric: true },
            ]}
          />
        </Panel>
        <Panel title="Top books" description="The books most often begun in this range.">
          <DataTable
            caption="Top books"
            rows={summary.topBooks}
            rowKey={(row) => row.bookId}
            empty="No reads began in this range."
            columns={[
              bookColumn,
              { header: "Started", cell: (row) => formatNumber(row.readsStarted), numeric: true },
              { header: "Finished", cell: (row) => formatNumber(row.readsFinished), numeric: true },
            ]}
          />
        </Panel>
        <Panel title="Launches" description="Books launching in this range and the readers waiting for them.">
          <DataTable
            caption="Launches"
            rows={summary.launches}
            rowKey={(row) => row.bookId}
            empty="No launches in this range."
            columns={[
              bookColumn,
              { header: "Launch", cell: (row) => formatDate(row.launchedDate) },
              { header: "Subscribers", cell: (row) => formatNumber(row.subscribers), numeric: true },
            ]}
          />
        </Panel>
      </div>
      <p className="text-ink-faint text-xs">
        {summary.rolledUpTo
          ? `Readers and page views up to ${formatDate(summary.rolledUpTo)} come from the daily rollup; later days are counted live.`
          : "Readers and page views are counted live (no day is rolled up yet)."}
      </p>
    </>
  );
}

/** A book's title linking to its page: the first column of the top-books and launches tables. */
const bookColumn: Column<{ bookId: string; title: string }> = {
  header: "Book",
  cell: (row) => (
    <Link to={bookPath(row.bookId)} className="text-accent underline-offset-2 hover:underline">
      {row.title}
    </Link>
  ),
};

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-4 shadow-card">
      <dt className="text-ink-muted text-sm">{label}</dt>
      <dd className="font-semibold font-serif text-2xl text-ink tabular-nums">{formatNumber(value)}</dd>
    </div>
  );
}

function Panel({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <section className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-5">
      <div>
        <h2 className="font-semibold text-ink">{title}</h2>
        <p className="text-ink-muted text-sm">{description}</p>
      </div>
      {children}
    </section>
  );
}
