import { Link } from "react-router";
import { Button } from "../../../components/button";

export const CONSENT_MESSAGE =
  "Quire can count page views and feature use to improve the product. No ads, no IP addresses.";

/** A visitor's choice, asked once; it takes no focus and hides nothing but its own corner. */
export function ConsentBanner({ onChoose }: { onChoose(allowed: boolean): void }) {
  return (
    <section
      aria-label="Usage statistics"
      data-testid="consent-banner"
      className="fixed inset-x-3 z-50 mx-auto flex max-w-md flex-col gap-3 rounded-2xl border border-line-strong bg-surface p-4 text-ink shadow-card md:right-6 md:left-auto"
      style={{ bottom: "calc(var(--q-bottom-space, 0px) + 0.75rem)" }}
    >
      <p className="text-sm">{CONSENT_MESSAGE}</p>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={() => onChoose(true)}>
          Allow
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onChoose(false)}>
          No thanks
        </Button>
        <span aria-hidden="true" className="text-ink-muted">
          ·
        </span>
        <Link to="/privacy" className="text-sm text-accent-strong underline underline-offset-2">
          Privacy
        </Link>
      </div>
    </section>
  );
}
