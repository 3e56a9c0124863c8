import type { AnnotationColor } from "@quire/core";
import { HIGHLIGHT_BACKGROUNDS } from "./frame-highlights";

export const COLOR_NAMES: Record<AnnotationColor, string> = {
  yellow: "Yellow",
  green: "Green",
  blue: "Blue",
  pink: "Pink",
};

/** A highlight's colour as a swatch: the paint itself, ringed so it shows on any paper. */
export function ColorDot({ color, className = "size-3" }: { color: AnnotationColor; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 rounded-full ring-1 ring-ink/25 ${className}`}
      style={{ backgroundColor: HIGHLIGHT_BACKGROUNDS[color].replace(/\/ [\d.]+\)/, "/ 0.85)") }}
    />
  );
}
