import { SlidersHorizontal } from "lucide-react";
import { Button } from "../../../components/button";

/** The phone's button that opens the filter panel, with the number of active filters. */
export function FiltersToggle({
  open,
  onToggle,
  panelId,
  activeCount,
  label,
  className,
}: {
  open: boolean;
  onToggle(): void;
  panelId: string;
  activeCount: number;
  label: string;
  className?: string;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      className={className}
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
    >
      <SlidersHorizontal aria-hidden="true" className="size-4" />
      {open ? "Hide filters" : label}
      {activeCount > 0 ? (
        <span className="rounded-full bg-accent px-1.5 text-accent-ink text-xs leading-5">{activeCount}</span>
      ) : null}
    </Button>
  );
}
