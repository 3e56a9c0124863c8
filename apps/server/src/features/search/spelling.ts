const NON_ASCII = /[\u0080-\uffff]/;
const ASCII_WORD = /[a-z0-9]+/g;
const WORD = /[\p{L}\p{N}]+/gu;

/** Query words as both indexes see them: lower case, without diacritics, split at anything but letters and digits. */
export function searchWords(text: string): string[] {
  // Plain ASCII has nothing to fold, and the narrower pattern reads a whole catalogue several times faster.
  if (!NON_ASCII.test(text)) return text.toLowerCase().match(ASCII_WORD) ?? [];
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().match(WORD) ?? [];
}

/** How many typing slips a word of this length may hold and still be recognised. */
export function allowedEdits(word: string): number {
  if (word.length < 4) return 0;
  return word.length < 8 ? 1 : 2;
}

/** Three reusable rows of the distance table: correcting a word measures up to a hundred candidates. */
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/**
 * Optimal string alignment distance (Levenshtein plus swapped neighbours) from `a` to `b`, and to `b`'s first
 * `a.length` characters (a word being typed), each giving up above `max`: "sherlok" → "sherlock" is 1,
 * "wodhouse" → "wodehouse" 1, "hlomes" → "holmes" 1; "advetn" → "adventures" is 1 to its beginning.
 */
export function editDistances(a: string, b: string, max: number): { whole: number; beginning: number } {
  if ((rows[0] as Int32Array).length <= b.length) rows = rows.map(() => new Int32Array(b.length * 2));
  let [beforePrevious, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        value = Math.min(value, (beforePrevious[j - 2] as number) + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return { whole: max + 1, beginning: max + 1 };
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  const cap = (distance: number) => Math.min(distance, max + 1);
  return { whole: cap(previous[b.length] as number), beginning: cap(previous[Math.min(a.length, b.length)] as number) };
}

export function editDistance(a: string, b: string, max: number): number {
  return editDistances(a, b, max).whole;
}

/**
 * The index words a misspelled word (or the start of one, as it is being typed) may stand for, closest
 * first: a candidate counts when the word is within the allowed edits of it or of its beginning.
 */
export function corrections(word: string, candidates: readonly string[], limit: number): string[] {
  const max = allowedEdits(word);
  if (max === 0) return [];
  return candidates
    .filter((candidate) => !candidate.startsWith(word))
    .map((candidate) => {
      const { whole, beginning } = editDistances(word, candidate, max);
      // A whole-word match ranks above the same distance to a word's beginning.
      return { candidate, distance: Math.min(whole, beginning + 0.5), within: Math.min(whole, beginning) <= max };
    })
    .filter(({ within }) => within)
    .sort((x, y) => x.distance - y.distance || x.candidate.localeCompare(y.candidate))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}
