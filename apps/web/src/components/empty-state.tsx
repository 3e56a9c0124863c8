import type { ReactNode } from "react";

export function EmptyState({ title, children, icon }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <div
      data-testid="empty-state"
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line-strong bg-surface/60 px-6 py-10 text-center"
    >
      {icon ? <div className="text-ink-faint">{icon}</div> : null}
      <p className="font-serif text-lg font-semibold text-ink">{title}</p>
      {children}
    </div>
  );
}
