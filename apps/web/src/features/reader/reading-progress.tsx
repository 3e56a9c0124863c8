/** A slim, labelled bar: where the reader is in the chapter or in the book. */
export function ReadingProgressBar({
  label,
  percent,
  valueText,
  emphasis = false,
}: {
  label: string;
  percent: number;
  valueText: string;
  emphasis?: boolean;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={`w-full overflow-hidden rounded-full bg-sunken ${emphasis ? "h-1.5" : "h-1"}`}
    >
      <div
        className={`h-full rounded-full transition-[width] duration-200 motion-reduce:transition-none ${emphasis ? "bg-accent" : "bg-ink-faint"}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
