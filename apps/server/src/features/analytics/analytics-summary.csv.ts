import type { AnalyticsSummary } from "@quire/core";

type Cell = string | number;

/** Quotes what CSV needs quoted, and defuses cells a spreadsheet would run as a formula (titles are user text). */
export function csvCell(value: Cell): string {
  if (typeof value === "number") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function section(title: string, header: string[], rows: Cell[][]): string {
  return [title, header, ...rows].map((row) => (Array.isArray(row) ? row : [row]).map(csvCell).join(",")).join("\r\n");
}

/** The summary as one CSV file: a titled section per table, separated by a blank line. */
export function summaryCsv(summary: AnalyticsSummary): string {
  const { funnel } = summary;
  return `${[
    section(
      "Daily",
      ["day", "active readers", "page views", "sign-ups", "reads started", "reads finished"],
      summary.days.map((d) => [d.day, d.activeReaders, d.pageViews, d.signUps, d.readsStarted, d.readsFinished]),
    ),
    section(
      "Funnel",
      ["step", "people"],
      [
        ["signed up", funnel.signedUp],
        ["verified", funnel.verified],
        ["onboarded", funnel.onboarded],
        ["read a first chapter", funnel.readFirstChapter],
        ["finished a book", funnel.finishedBook],
      ],
    ),
    section(
      "Campaigns",
      ["source", "medium", "sign-ups"],
      summary.campaigns.map((c) => [c.source, c.medium, c.signUps]),
    ),
    section(
      "Top books",
      ["book id", "title", "reads started", "reads finished"],
      summary.topBooks.map((b) => [b.bookId, b.title, b.readsStarted, b.readsFinished]),
    ),
    section(
      "Launches",
      ["book id", "title", "launch date", "subscribers"],
      summary.launches.map((l) => [l.bookId, l.title, l.launchedDate, l.subscribers]),
    ),
  ].join("\r\n\r\n")}\r\n`;
}
