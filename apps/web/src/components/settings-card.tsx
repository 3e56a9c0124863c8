import type { ReactNode } from "react";

/** A card of the settings screen: a titled section (`account-{id}` for tests) with an optional line under the title. */
export function SettingsCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-7"
      data-testid={`account-${id}`}
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-heading`} className="font-semibold font-serif text-ink text-xl">
          {title}
        </h2>
        {description ? <p className="text-ink-muted text-sm">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
