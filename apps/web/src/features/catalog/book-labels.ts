import type { Book, BookSource, BookStatus, CompletionStatus, PublishingLabel } from "@quire/core";
import { formatDate } from "../../lib/format";

export const SOURCE_LABELS: Record<BookSource, string> = {
  own: "Community",
  "public-domain": "Public domain",
};

export const STATUS_LABELS: Record<BookStatus, string> = {
  scheduled: "Scheduled",
  wip: "Work in progress",
  launched: "Launched",
};

export const COMPLETION_LABELS: Record<CompletionStatus, string> = {
  complete: "Complete",
  wip: "Ongoing",
};

export const PUBLISHING_LABELS_TEXT: Record<PublishingLabel, string> = {
  "community-original": "Community original",
  "community-featured": "Community featured",
};

export const SORT_LABELS = { popular: "Most popular", newest: "Newest", title: "Title (A–Z)" } as const;

export type BadgeTone = "accent" | "gold" | "sky" | "sage" | "neutral";

export interface BadgeSpec {
  text: string;
  tone: BadgeTone;
}

/** The publishing label; public-domain books, which have none, say so instead. */
export function labelBadge(book: Pick<Book, "publishingLabel" | "source">): BadgeSpec | null {
  if (book.publishingLabel === "community-original") return { text: "Community original", tone: "accent" };
  if (book.publishingLabel === "community-featured") return { text: "Featured", tone: "gold" };
  if (book.source === "public-domain") return { text: "Public domain", tone: "sky" };
  return null;
}

export function statusBadge(book: Pick<Book, "status" | "launchedDate">): BadgeSpec {
  switch (book.status) {
    case "scheduled":
      return {
        text: book.launchedDate ? `Launches ${formatDate(book.launchedDate)}` : "Coming soon",
        tone: "sage",
      };
    case "wip":
      return { text: "Work in progress", tone: "gold" };
    default:
      return { text: "Launched", tone: "neutral" };
  }
}

export function authorsText(authors: readonly string[]): string {
  if (authors.length === 0) return "Unknown author";
  if (authors.length <= 2) return authors.join(" & ");
  return `${authors.slice(0, -1).join(", ")} & ${authors[authors.length - 1]}`;
}
