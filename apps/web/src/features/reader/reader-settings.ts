/**
 * The reader's typography and layout choices, remembered in this browser (localStorage). Each field
 * is checked on its own when read back: one stale or hand-edited value falls back to its default
 * without losing the others.
 */

export const READER_LAYOUTS = ["paginated", "scrolled"] as const;
export const READER_THEMES = ["light", "sepia", "dark"] as const;
export const READER_FONTS = ["publisher", "serif", "sans", "dyslexic"] as const;
export const READER_MARGINS = ["narrow", "normal", "wide"] as const;
/** Root font sizes in CSS pixels, smallest to largest. */
export const FONT_SIZES = [14, 16, 18, 20, 22, 24, 27, 30, 34] as const;
export const LINE_HEIGHTS = [1.3, 1.5, 1.7, 1.9, 2.1] as const;

export type ReaderLayout = (typeof READER_LAYOUTS)[number];
export type ReaderTheme = (typeof READER_THEMES)[number];
export type ReaderFont = (typeof READER_FONTS)[number];
export type ReaderMargins = (typeof READER_MARGINS)[number];

export interface ReaderSettings {
  layout: ReaderLayout;
  theme: ReaderTheme;
  font: ReaderFont;
  fontSize: number;
  lineHeight: number;
  margins: ReaderMargins;
}

export const READER_SETTINGS_KEY = "quire.reader.settings";

type StorageLike = Pick<Storage, "getItem" | "setItem">;

/** Defaults: the app's own light or dark look, a comfortable size, pages. */
export function defaultReaderSettings(appTheme: "light" | "dark"): ReaderSettings {
  return { layout: "paginated", theme: appTheme, font: "publisher", fontSize: 18, lineHeight: 1.5, margins: "normal" };
}

function oneOf<T>(allowed: readonly T[], value: unknown, fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** Stored settings over the defaults; anything unreadable is ignored field by field. */
export function readReaderSettings(
  storage: StorageLike | null | undefined,
  appTheme: "light" | "dark",
): ReaderSettings {
  const defaults = defaultReaderSettings(appTheme);
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(READER_SETTINGS_KEY) ?? "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) stored = parsed as Record<string, unknown>;
  } catch {
    // Unreadable JSON or blocked storage: the defaults stand.
  }
  return {
    layout: oneOf(READER_LAYOUTS, stored.layout, defaults.layout),
    theme: oneOf(READER_THEMES, stored.theme, defaults.theme),
    font: oneOf(READER_FONTS, stored.font, defaults.font),
    fontSize: oneOf<number>(FONT_SIZES, stored.fontSize, defaults.fontSize),
    lineHeight: oneOf<number>(LINE_HEIGHTS, stored.lineHeight, defaults.lineHeight),
    margins: oneOf(READER_MARGINS, stored.margins, defaults.margins),
  };
}

export function writeReaderSettings(storage: StorageLike | null | undefined, settings: ReaderSettings): void {
  try {
    storage?.setItem(READER_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Full or blocked storage: the choice lasts for this visit only.
  }
}

/** The next value up (+1) or down (-1) a scale, staying at its ends. */
export function stepThrough(scale: readonly number[], current: number, direction: 1 | -1): number {
  const index = scale.indexOf(current);
  const next = Math.min(scale.length - 1, Math.max(0, Math.max(index, 0) + direction));
  return scale[next] as number;
}

/** Side margin inside the page, in CSS pixels. */
export const MARGIN_PX: Record<ReaderMargins, number> = { narrow: 16, normal: 28, wide: 52 };
