import { Bookmark, X } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonClasses } from "../../components/button";
import { signInPathFor } from "../auth";

/**
 * Offered, never forced, when the place cannot be saved without an account ("Please login!"):
 * reading goes on either way.
 */
export function SignInOffer({ onDismiss }: { onDismiss(): void }) {
  const { pathname } = useLocation();
  return (
    <section
      aria-label="Save your place"
      data-testid="sign-in-offer"
      className="mx-auto flex w-full max-w-xl items-center gap-3 rounded-2xl border border-line bg-surface px-4 py-3 shadow-card"
    >
      <Bookmark aria-hidden="true" className="size-5 shrink-0 text-accent" />
      <p className="min-w-0 flex-1 text-ink text-sm">Sign in to save your place and pick up on any device.</p>
      <Link to={signInPathFor(pathname)} className={buttonClasses("primary", "sm", "shrink-0")}>
        Sign in
      </Link>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Not now"
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-sunken hover:text-ink"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </section>
  );
}
