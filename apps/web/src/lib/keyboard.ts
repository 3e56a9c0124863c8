import { useEffect, useState } from "react";

/** How much the visual viewport must shrink, with a text field focused, to count as a keyboard. */
export const KEYBOARD_THRESHOLD_PX = 150;

export function isTextEntry(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement) return !element.readOnly;
  if (element instanceof HTMLInputElement) {
    const nonText = ["button", "checkbox", "radio", "range", "submit", "reset", "file", "color", "image", "hidden"];
    return !nonText.includes(element.type) && !element.readOnly;
  }
  return element instanceof HTMLElement && element.isContentEditable;
}

export function isKeyboardLikelyShown(
  baselineHeight: number,
  viewportHeight: number,
  focused: Element | null,
): boolean {
  return isTextEntry(focused) && baselineHeight - viewportHeight > KEYBOARD_THRESHOLD_PX;
}

/**
 * True while the on-screen keyboard appears to be open: the visual viewport is more than
 * 150 px shorter than its tallest height at this width while a text field has focus.
 */
export function useKeyboardVisible(): boolean {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    // Pinch-zoom shrinks the visual viewport too; scaling back removes that from the measure.
    const height = () => viewport.height * viewport.scale;
    let baseline = height();
    let width = viewport.width * viewport.scale;

    const evaluate = () => {
      const currentWidth = viewport.width * viewport.scale;
      if (Math.abs(currentWidth - width) > 1) {
        // Rotation or a resized window: start measuring afresh.
        width = currentWidth;
        baseline = height();
      }
      baseline = Math.max(baseline, height());
      setVisible(isKeyboardLikelyShown(baseline, height(), document.activeElement));
    };
    const onFocusChange = () => window.setTimeout(evaluate, 0);

    viewport.addEventListener("resize", evaluate);
    document.addEventListener("focusin", onFocusChange);
    document.addEventListener("focusout", onFocusChange);
    return () => {
      viewport.removeEventListener("resize", evaluate);
      document.removeEventListener("focusin", onFocusChange);
      document.removeEventListener("focusout", onFocusChange);
    };
  }, []);

  return visible;
}
