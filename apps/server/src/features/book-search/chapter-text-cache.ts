import type { SearchableText } from "@quire/core";

/** About 48 MB of text at two bytes a character: a dozen long books. */
export const CHAPTER_TEXT_CACHE_UNITS = 24_000_000;

/**
 * Chapters' searchable text, per process, least recently used out first, bounded by the characters it
 * holds. Keys name a chapter's edition (book, version, anchor, time of its last edit), so a new
 * edition or an edit is a new key and the old one simply ages out.
 */
export class ChapterTextCache {
  private readonly entries = new Map<string, { text: SearchableText; units: number }>();
  private units = 0;

  constructor(private readonly maxUnits = CHAPTER_TEXT_CACHE_UNITS) {}

  get(key: string): SearchableText | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.text;
  }

  set(key: string, text: SearchableText): void {
    const units = text.text.length + text.folded.length + (text.origins ? text.origins.length * 2 : 0);
    this.delete(key);
    if (units > this.maxUnits) return;
    for (const [oldest, entry] of this.entries) {
      if (this.units + units <= this.maxUnits) break;
      this.entries.delete(oldest);
      this.units -= entry.units;
    }
    this.entries.set(key, { text, units });
    this.units += units;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.units -= entry.units;
  }

  get size(): number {
    return this.entries.size;
  }
}
