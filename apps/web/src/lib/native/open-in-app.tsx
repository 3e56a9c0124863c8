import { Smartphone, X } from "lucide-react";
import { useCallback, useState, useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import { Button } from "../../components/button";
import { tryOpenInApp } from "./app-links";
import { APP_OFFER_DISMISSED_KEY, shouldOfferApp } from "./app-offer";

/** What the offer needs of the router: where the page is, and word of each navigation. */
export interface LandingRouter {
  state: { location: { pathname: string; search: string; hash: string } };
  subscribe(listener: () => void): () => void;
}

type Phase = "offer" | "opening" | "not-opened" | "closed";

function remember() {
  try {
    window.localStorage.setItem(APP_OFFER_DISMISSED_KEY, "1");
  } catch {
    // A browser that stores nothing asks again next time: no harm.
  }
}

/**
 * "Open in the Quire app" for the page the visitor landed on: the app's own link first, and if the page is
 * still showing 2 s later the app is not there, so the page stays and says so. Gone after any navigation.
 */
export function OpenInAppOffer({ router }: { router: LandingRouter }) {
  const [landing] = useState(() => router.state.location);
  const subscribe = useCallback((listener: () => void) => router.subscribe(listener), [router]);
  const location = useSyncExternalStore(subscribe, () => router.state.location);
  const [phase, setPhase] = useState<Phase>("offer");
  if (phase === "closed" || location.pathname !== landing.pathname) return null;

  const close = () => {
    remember();
    setPhase("closed");
  };
  const open = async () => {
    setPhase("opening");
    const outcome = await tryOpenInApp(`${landing.pathname}${landing.search}${landing.hash}`);
    if (outcome === "opened") setPhase("closed");
    else {
      remember();
      setPhase("not-opened");
    }
  };

  return (
    <section
      aria-label="Quire app"
      data-testid="open-in-app"
      className="fixed inset-x-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-2xl border border-line-strong bg-surface p-3 pl-4 text-ink shadow-card"
      style={{ top: "calc(var(--q-inset-top, 0px) + 0.5rem)" }}
    >
      <Smartphone aria-hidden="true" className="size-5 shrink-0 text-accent" />
      <p className="flex-1 text-sm" role="status">
        {phase === "not-opened"
          ? "The Quire app didn't open on this phone, so you're reading here on the web."
          : "Have the Quire app? Read this there."}
      </p>
      {phase === "not-opened" ? null : (
        <Button size="sm" onClick={() => void open()} disabled={phase === "opening"}>
          {phase === "opening" ? "Opening…" : "Open in app"}
        </Button>
      )}
      <Button size="sm" variant="ghost" className="px-2" aria-label="Close" onClick={close}>
        <X aria-hidden="true" className="size-4" />
      </Button>
    </section>
  );
}

/**
 * Shows the offer when this landing earns it (`shouldOfferApp`), in a root of its own beside the app: the app's
 * own tree (and its hydration) stays as it is.
 */
export function offerAppOnLanding(router: LandingRouter): void {
  if (!shouldOfferApp()) return;
  const container = document.createElement("div");
  document.body.append(container);
  createRoot(container).render(<OpenInAppOffer router={router} />);
}
