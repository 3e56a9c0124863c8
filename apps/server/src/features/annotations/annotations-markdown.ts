import type { AnnotationExport } from "@quire/core";

/** Book text quoted as Markdown: a line that would start a heading, list or quote of its own is escaped. */
function quoteLines(text: string): string {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => `> ${line.trim().replace(/^([#>*+-]|\d+[.)])/, "\\$1")}`.trimEnd())
    .join("\n");
}

/**
 * The Markdown export: one section per book, its chapters as subheadings, each passage quoted and
 * followed by its note — the shape Readwise and KOReader give theirs, ready for a notes app.
 */
export function annotationsToMarkdown(document: AnnotationExport): string {
  const parts = ["# Highlights and notes", `Exported from Quire on ${document.exportedAt.slice(0, 10)}.`];
  if (document.books.length === 0) parts.push("No highlights or notes yet.");
  for (const book of document.books) {
    parts.push(`## ${book.title}`);
    if (book.authors.length > 0) parts.push(`by ${book.authors.join(", ")}`);
    let chapter: string | null = null;
    for (const entry of book.annotations) {
      if (entry.chapter !== chapter) {
        chapter = entry.chapter;
        parts.push(`### ${chapter || "Untitled chapter"}`);
      }
      parts.push(quoteLines(entry.quote));
      if (entry.note) parts.push(`**Note:** ${entry.note.trim()}`);
      if (entry.textChanged) parts.push("_This passage is no longer in the book's latest edition._");
    }
  }
  return `${parts.join("\n\n")}\n`;
}
