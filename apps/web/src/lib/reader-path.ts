/** The reader's own address for a chapter, with a fragment to land on. */
export function readerPath(bookId: string, anchorId: string, fragment?: string | null): string {
  const path = `/read/${encodeURIComponent(bookId)}/${encodeURIComponent(anchorId)}`;
  return fragment ? `${path}#${encodeURIComponent(fragment)}` : path;
}
