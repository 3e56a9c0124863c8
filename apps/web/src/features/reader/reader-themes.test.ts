import { describe, expect, it } from "vitest";
import { READER_PALETTES } from "./reader-themes";

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((index) => Number.parseInt(hex.slice(index, index + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe.each(Object.entries(READER_PALETTES))("the %s reading theme", (_name, palette) => {
  it("meets WCAG AA for the page's text, secondary text and links", () => {
    expect(contrast(palette.page.text, palette.page.background)).toBeGreaterThanOrEqual(7);
    expect(contrast(palette.page.muted, palette.page.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette.page.link, palette.page.background)).toBeGreaterThanOrEqual(4.5);
  });

  it("meets WCAG AA for the reader's controls", () => {
    const t = palette.tokens as Record<string, string>;
    for (const surface of ["--q-paper", "--q-surface"]) {
      for (const ink of ["--q-ink", "--q-ink-muted", "--q-ink-faint", "--q-accent"]) {
        expect(contrast(t[ink] as string, t[surface] as string), `${ink} on ${surface}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    expect(contrast(t["--q-accent-ink"] as string, t["--q-accent"] as string)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t["--q-accent-soft-ink"] as string, t["--q-accent-soft"] as string)).toBeGreaterThanOrEqual(4.5);
  });
});
