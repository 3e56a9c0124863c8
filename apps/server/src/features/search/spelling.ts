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

/**
 * Optimal string alignment distance (Levenshtein plus swapped neighbours), giving up above `max`:
 * "sherlok" → "sherlock" is 1, "wodhouse" → "wodehouse" 1, "hlomes" → "holmes" 1.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (beforePrevious[j - 2] as number) + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] as number;
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
      const whole = editDistance(word, candidate, max);
      const beginning = editDistance(word, candidate.slice(0, word.length), max);
      // A whole-word match ranks above the same distance to a word's beginning.
      return { candidate, distance: Math.min(whole, beginning + 0.5), within: Math.min(whole, beginning) <= max };
    })
    .filter(({ within }) => within)
    .sort((x, y) => x.distance - y.distance || x.candidate.localeCompare(y.candidate))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}
