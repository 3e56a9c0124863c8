import { CalendarClock } from "lucide-react";
import { formatDateTime, getCountdown } from "../../../lib/format";
import { useHydrated } from "../../../lib/use-hydrated";
import { useNow } from "../../../lib/use-now";

/** "Launches <date>" with a live countdown, refreshed every second. */
export function LaunchCountdown({ launchedDate }: { launchedDate: string }) {
  const now = useNow(1000);
  // The server's clock and time zone are not the reader's: a rendered page shows the date and the seconds
  // once hydrated, so hydration finds the server's text (dashes, same size) and nothing shifts.
  const hydrated = useHydrated();
  const countdown = getCountdown(launchedDate, now);
  const parts = [
    { value: countdown.days, unit: "days" },
    { value: countdown.hours, unit: "hours" },
    { value: countdown.minutes, unit: "minutes" },
    { value: countdown.seconds, unit: "seconds" },
  ];
  return (
    <div
      className="flex flex-col gap-4 rounded-2xl border border-line bg-gradient-to-br from-sage-soft to-surface p-5 sm:flex-row sm:items-center sm:justify-between"
      data-testid="launch-countdown"
    >
      <div className="flex items-start gap-3">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-sage-ink" />
        <div>
          <p className="font-semibold text-ink">
            Launches <time dateTime={launchedDate}>{hydrated ? formatDateTime(launchedDate) : "soon"}</time>
          </p>
          <p className="text-ink-muted text-sm">
            {countdown.isOver
              ? "Launch time reached — it will be readable shortly."
              : "Mark the date: this book is on its way."}
          </p>
        </div>
      </div>
      {countdown.isOver ? null : (
        <div role="timer" aria-label="Time until launch" className="flex gap-2" data-testid="countdown">
          {parts.map(({ value, unit }) => (
            <div
              key={unit}
              className="flex w-14 flex-col items-center rounded-xl bg-surface px-2 py-1.5 ring-1 ring-line"
            >
              <span className="font-semibold font-serif text-ink text-xl tabular-nums">
                {hydrated ? String(value).padStart(2, "0") : "––"}
              </span>
              <span className="text-[0.65rem] text-ink-muted uppercase tracking-wider">{unit}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
