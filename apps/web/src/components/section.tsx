import type { ReactNode } from "react";

export interface SectionProps {
  id: string;
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
}

/** A titled block of a screen, labelled by its own heading. */
export function Section({ id, title, description, action, children }: SectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid={`section-${id}`}>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h2 id={headingId} className="font-serif text-xl font-semibold tracking-tight text-ink sm:text-2xl">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-ink-muted text-sm">{description}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
