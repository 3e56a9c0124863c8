const RELATIVE = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago": the largest unit that fits. */
export function formatRelativeTime(iso: string, now: number): string {
  const elapsed = now - new Date(iso).getTime();
  if (Number.isNaN(elapsed)) return "";
  for (const [unit, ms] of UNITS) {
    if (Math.abs(elapsed) >= ms) return RELATIVE.format(-Math.round(elapsed / ms), unit);
  }
  return "just now";
}
