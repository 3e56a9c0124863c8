import { KeyRound } from "lucide-react";
import type { ReactNode } from "react";
import { WayBackLinks } from "../../../components/way-back-links";

export function AuthPlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col px-4 py-14 md:py-20">
      <div className="flex flex-col items-center gap-4 rounded-3xl border border-line bg-surface p-8 text-center shadow-card">
        <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent-soft-ink">
          <KeyRound aria-hidden="true" className="size-6" />
        </span>
        <h1 className="font-semibold font-serif text-2xl text-ink sm:text-3xl">{title}</h1>
        <p className="text-ink-muted" data-testid="auth-placeholder">
          This part of Quire arrives soon. Until then you can explore every book without an account.
        </p>
        {children}
        <div className="mt-2">
          <WayBackLinks />
        </div>
      </div>
    </div>
  );
}
