import type { ReaderSettings } from "@quire/core";
import {
  FONT_SIZES,
  LINE_HEIGHTS,
  READER_FONTS,
  READER_LAYOUTS,
  READER_MARGINS,
  READER_THEMES,
} from "@quire/core/reader-settings";

/**
 * The reader's typography and layout choices, remembered in this browser (localStorage). Each field
 * is checked on its own when read back: one stale or hand-edited value falls back to its default
 * without losing the others.
 */

// The choices are the API's too: a signed-in reader's settings are stored on the server.
export type { ReaderSettings } from "@quire/core";
export {
  FONT_SIZES,
  LINE_HEIGHTS,
  READER_FONTS,
  READER_LAYOUTS,
  READER_MARGINS,
  READER_THEMES,
} from "@quire/core/reader-settings";

export type ReaderLayout = ReaderSettings["layout"];
export type ReaderTheme = ReaderSettings["theme"];
export type ReaderFont = ReaderSettings["font"];
export type ReaderMargins = ReaderSettings["margins"];

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

export function sameReaderSettings(a: ReaderSettings, b: ReaderSettings): boolean {
  return (Object.keys(a) as (keyof ReaderSettings)[]).every((key) => a[key] === b[key]);
}

/** The next value up (+1) or down (-1) a scale, staying at its ends. */
export function stepThrough(scale: readonly number[], current: number, direction: 1 | -1): number {
  const index = scale.indexOf(current);
  const next = Math.min(scale.length - 1, Math.max(0, Math.max(index, 0) + direction));
  return scale[next] as number;
}

/** Side margin inside the page, in CSS pixels. */
export const MARGIN_PX: Record<ReaderMargins, number> = { narrow: 16, normal: 28, wide: 52 };
