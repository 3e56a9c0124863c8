/**
 * Each formatter is made on first use, not when the app's entry is evaluated: a page's first Intl object loads
 * the locale data (~50 ms here, ×4 on a slow phone), which a page that formats nothing, the reader, never needs.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const numberFormat = onFirstUse(() => new Intl.NumberFormat("en-US"));
const compactFormat = onFirstUse(
  () => new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }),
);
const dateFormat = onFirstUse(() => new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }));
const dateTimeFormat = onFirstUse(() => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short" }));

/** 12345 → "12,345". */
export function formatNumber(value: number): string {
  return numberFormat().format(value);
}

/** 1234 → "1.2K"; small numbers stay exact. */
export function formatCompactNumber(value: number): string {
  return value < 1000 ? numberFormat().format(value) : compactFormat().format(value);
}

/** Minutes → "3 h 20 min", "45 min", "2 h"; under a minute reads "< 1 min". */
export function formatReadingTime(totalMinutes: number): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  if (minutes === 0) return "< 1 min";
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  if (rest === 0) return `${hours} h`;
  return `${hours} h ${rest} min`;
}

/** "Mar 12, 2027"; an unparsable date yields "". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat().format(date);
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateTimeFormat().format(date);
}

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  isOver: boolean;
}

export function getCountdown(targetIso: string, now: number): Countdown {
  const remaining = Math.max(0, new Date(targetIso).getTime() - now);
  const totalSeconds = Number.isNaN(remaining) ? 0 : Math.floor(remaining / 1000);
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
    isOver: totalSeconds === 0,
  };
}

/** "3d 04h 12m 09s"; days are left out when zero. */
export function formatCountdown({ days, hours, minutes, seconds }: Countdown): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const time = `${pad(hours)}h ${pad(minutes)}m ${pad(seconds)}s`;
  return days > 0 ? `${days}d ${time}` : time;
}

/** "Ada Lovelace", falling back to the username. */
export function displayName(user: { firstName: string; lastName: string; username: string }): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.username;
}

/** First letters of the first and last words that have one, in any script; markup, symbols and emoji never count. */
export function initials(name: string): string {
  const firstLetters = name
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .map((word) => /\p{L}/u.exec(word)?.[0])
    .filter((letter): letter is string => letter !== undefined);
  const picked = firstLetters.length > 1 ? [firstLetters[0], firstLetters[firstLetters.length - 1]] : firstLetters;
  return picked.join("").toLocaleUpperCase();
}

/** A small stable hash for picking decorative colours from an id. */
export function hashString(value: string): number {
  let hash = 2166136261;
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}
