import { WifiOff } from "lucide-react";
import { useOnline } from "../use-online";

export const OFFLINE_MESSAGE = "You're offline — downloaded books still open";

/** Under the header while the browser has no network. The status region stays mounted so its text is announced. */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" data-testid="offline-banner">
      {online ? null : (
        <p className="flex items-center justify-center gap-2 border-line border-b bg-gold-soft px-4 py-2 text-center font-medium text-gold-ink text-sm">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {OFFLINE_MESSAGE}
        </p>
      )}
    </div>
  );
}
