import type { ReactNode } from "react";
import type { BadgeTone } from "../book-labels";

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
