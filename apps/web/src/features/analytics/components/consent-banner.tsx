import { useLayoutEffect, useRef } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/button";

export const CONSENT_MESSAGE =
  "Quire can count page views and feature use to improve the product. No ads, no IP addresses.";

/**
 * A visitor's choice, asked once; it takes no focus, and the page keeps room under its end for the banner's height
 * (`--q-overlay-space`, read by the app shell), so on a phone the last of the page can still be scrolled into view.
 */
export function ConsentBanner({ onChoose }: { onChoose(allowed: boolean): void }) {
  const region = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const element = region.current;
    if (!element) return;
    const root = document.documentElement.style;
    const reserve = () => root.setProperty("--q-overlay-space", `${element.offsetHeight + 12}px`);
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty("--q-overlay-space");
    };
  }, []);
  return (
    <section
      ref={region}
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
