import type { AnalyticsRange } from "@quire/core";
import { useId } from "react";
import { buttonClasses } from "../../../components/button";
import { lastDays, presetOf, RANGE_PRESETS } from "../range";

const inputClasses =
  "min-h-10 rounded-lg border border-line-strong bg-surface px-3 text-ink text-sm [color-scheme:inherit]";

/** Two date inputs and presets for the last 7, 30 and 90 days; every change goes to the address. */
export function RangePicker({ range, onChange }: { range: AnalyticsRange; onChange: (range: AnalyticsRange) => void }) {
  const id = useId();
  const active = presetOf(range);
  return (
    <fieldset className="flex flex-wrap items-end gap-3" data-testid="range-picker">
      <legend className="sr-only">Date range</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-from`} className="font-medium text-ink text-sm">
          From
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className={inputClasses}
          value={range.from}
          max={range.to}
          onChange={(event) => event.target.value && onChange({ ...range, from: event.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-to`} className="font-medium text-ink text-sm">
          To
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className={inputClasses}
          value={range.to}
          min={range.from}
          onChange={(event) => event.target.value && onChange({ ...range, to: event.target.value })}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        {RANGE_PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            aria-pressed={active === days}
            className={buttonClasses(active === days ? "primary" : "secondary", "sm")}
            onClick={() => onChange(lastDays(days))}
          >
            {days} days
          </button>
        ))}
      </div>
    </fieldset>
  );
}
