import { RefreshCw } from "lucide-react";
import { Button } from "../../../components/button";

export const UPDATE_MESSAGE = "A new version of Quire is ready";

/** The offer to reload into a deployed version; above the phone's bottom bar. */
export function UpdatePrompt({ onReload }: { onReload(): void }) {
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="fixed inset-x-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-2xl border border-line-strong bg-surface p-3 pl-4 text-ink shadow-card md:right-6 md:left-auto"
      style={{ bottom: "calc(var(--q-bottom-space, 0px) + 0.75rem)" }}
    >
      <p className="min-w-0 flex-1 text-sm">{UPDATE_MESSAGE}</p>
      <Button size="sm" onClick={onReload}>
        <RefreshCw aria-hidden="true" className="size-4" />
        Reload
      </Button>
    </div>
  );
}
