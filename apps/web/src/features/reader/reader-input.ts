/** Keys, taps and swipes as page turns: pure, so the reader's gestures can be tested without a frame. */
export type Turn = "next" | "previous";

/** →, Page Down and Space turn forward; ←, Page Up and Shift+Space back. */
export function keyTurn(key: string, shiftKey: boolean): Turn | null {
  switch (key) {
    case "ArrowRight":
    case "PageDown":
      return "next";
    case "ArrowLeft":
    case "PageUp":
      return "previous";
    case " ":
    case "Spacebar":
      return shiftKey ? "previous" : "next";
    default:
      return null;
  }
}

/** Left third back, right third on, the middle shows or hides the controls. */
export function tapZone(x: number, width: number): Turn | "middle" {
  if (!(width > 0)) return "middle";
  if (x < width / 3) return "previous";
  if (x > (2 * width) / 3) return "next";
  return "middle";
}

const MIN_SWIPE_PX = 40;
const MAX_SWIPE_MS = 800;

/** A quick, mostly horizontal stroke: right to left turns forward, like a page. */
export function swipeTurn(dx: number, dy: number, ms: number): Turn | null {
  if (ms > MAX_SWIPE_MS || Math.abs(dx) < MIN_SWIPE_PX || Math.abs(dx) < 1.5 * Math.abs(dy)) return null;
  return dx < 0 ? "next" : "previous";
}

/**
 * Whether a key pressed on `target` is that control's own: every key in a field, Space on a button
 * or link (it presses it). Such keys never turn a page.
 */
export function keyBelongsToControl(target: EventTarget | null, key: string): boolean {
  const element = target as { tagName?: string; isContentEditable?: boolean } | null;
  const tag = element?.tagName?.toLowerCase();
  if (tag === "input" || tag === "select" || tag === "textarea" || element?.isContentEditable) return true;
  return (key === " " || key === "Spacebar") && (tag === "button" || tag === "a" || tag === "summary");
}
