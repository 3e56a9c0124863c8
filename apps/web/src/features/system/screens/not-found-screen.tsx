import { WayBackLinks } from "../../../components/way-back-links";
import { useScreenTitle } from "../../../lib/screen-title";

export function NotFoundScreen() {
  useScreenTitle("Page not found");
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-20 text-center" data-testid="not-found">
      <p aria-hidden="true" className="font-semibold font-serif text-7xl text-accent/80 tracking-tight">
        404
      </p>
      <h1 className="font-semibold font-serif text-3xl text-ink">Page not found</h1>
      <p className="text-ink-muted">
        This page seems to have slipped out of the binding. Check the address, or find your way back to the shelves.
      </p>
      <WayBackLinks first="home" />
    </div>
  );
}
