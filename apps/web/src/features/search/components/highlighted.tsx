/** Lower case without diacritics, as the search index compares words ("Inês" → "ines"). */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

export function queryWords(query: string): string[] {
  return fold(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** `text` with the beginnings of words that the query's words begin marked, as the search matched them. */
export function Highlighted({ text, query }: { text: string; query: string }) {
  const words = queryWords(query);
  const parts: { text: string; marked: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = match.index;
    const folded = fold(match[0]);
    const length = Math.max(0, ...words.filter((word) => folded.startsWith(word)).map((word) => word.length));
    if (length === 0) continue;
    if (start > last) parts.push({ text: text.slice(last, start), marked: false });
    parts.push({ text: text.slice(start, start + length), marked: true });
    last = start + length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), marked: false });
  return (
    <>
      {parts.map((part, index) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
          <mark key={index} className="rounded-sm bg-accent-soft px-0 font-semibold text-accent-soft-ink">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
