import type { Book } from "@quire/core";
import type { ReactNode } from "react";
import { type BadgeTone, labelBadge, statusBadge } from "../book-labels";

const TONES: Record<BadgeTone, string> = {
  accent: "bg-accent-soft text-accent-soft-ink",
  gold: "bg-gold-soft text-gold-ink",
  sky: "bg-sky-soft text-sky-ink",
  sage: "bg-sage-soft text-sage-ink",
  neutral: "bg-sunken text-ink-muted",
};

export function Badge({ tone, children, testId }: { tone: BadgeTone; children: ReactNode; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-[0.7rem] leading-5 ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** A book's publishing label (when it has one) and status, side by side. */
export function BookBadges({ book, className = "" }: { book: Book; className?: string }) {
  const label = labelBadge(book);
  const status = statusBadge(book);
  return (
    <div className={`flex flex-wrap gap-1.5 ${className}`}>
      {label ? (
        <Badge tone={label.tone} testId="label-badge">
          {label.text}
        </Badge>
      ) : null}
      <Badge tone={status.tone} testId="status-badge">
        {status.text}
      </Badge>
    </div>
  );
}
