import type { AnalyticsSummary } from "@quire/core";
import { formatNumber } from "../../../lib/format";

const STEPS = [
  ["signedUp", "Signed up"],
  ["verified", "Verified their email"],
  ["onboarded", "Finished onboarding"],
  ["readFirstChapter", "Read a first chapter"],
  ["finishedBook", "Finished a book"],
] as const satisfies readonly [keyof AnalyticsSummary["funnel"], string][];

/** The people who signed up in the range, step by step; each bar's share is of those who signed up. */
export function Funnel({ funnel }: { funnel: AnalyticsSummary["funnel"] }) {
  const base = funnel.signedUp;
  return (
    <ol className="flex flex-col gap-3" data-testid="funnel">
      {STEPS.map(([key, label]) => {
        const count = funnel[key];
        const share = base > 0 ? Math.round((count / base) * 100) : 0;
        return (
          <li key={key} className="flex flex-col gap-1">
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="text-ink">{label}</span>
              <span className="text-ink-muted tabular-nums">
                {formatNumber(count)} <span className="text-ink-faint">({share}%)</span>
              </span>
            </div>
            <div className="h-2.5 overflow-hidden rounded-full bg-sunken" aria-hidden="true">
              <div className="h-full rounded-full bg-accent" style={{ width: `${share}%` }} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
