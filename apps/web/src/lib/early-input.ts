/** What `public/start-after-paint.js` noted before the app started: held taps in order, and typed text per field. */
export interface EarlyInput {
  taps: Element[];
  typed: Map<HTMLInputElement | HTMLTextAreaElement, string>;
}

declare global {
  interface Window {
    __quireEarly?: EarlyInput;
  }
}

/**
 * Gives the started app what the reader did on the server-rendered page before it ran (docs/ssr.md): the typed
 * text first, so a tapped button that reads it finds it, then each held tap once, in order.
 */
export async function replayEarlyInput(): Promise<void> {
  const early = window.__quireEarly;
  if (!early) return;
  delete window.__quireEarly;
  for (const element of early.taps) element.removeAttribute("data-early-pressed");
  // Each event waits for a microtask: called from an effect, React is still committing and would neither apply an
  // event's update at once nor leave the field alone (it puts a controlled field back to its old value first).
  for (const [field, typed] of early.typed) {
    await Promise.resolve();
    if (field.isConnected && typed !== field.defaultValue) retype(field, typed);
  }
  for (const element of early.taps) {
    await Promise.resolve();
    if (!element.isConnected || element.matches(":disabled, [aria-disabled=true]")) continue;
    if (element instanceof HTMLFormElement) element.requestSubmit();
    else if (element instanceof HTMLElement) element.click();
  }
}

/**
 * React ignores an `input` event whose value equals the one it last saw, which it notes through the field's own
 * `value` setter: so the server's value goes through that setter, the typed one through the prototype's (unseen),
 * and the event then reads as a change, as testing libraries fire it. The caret is put back where it was.
 */
function retype(field: HTMLInputElement | HTMLTextAreaElement, typed: string): void {
  const kept = field.value === typed;
  const start = kept ? field.selectionStart : typed.length;
  const end = kept ? field.selectionEnd : typed.length;
  const focused = document.activeElement === field;
  field.value = field.defaultValue;
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, typed);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  // Fields without a caret (email, number) answer null and refuse setSelectionRange.
  if (focused && start !== null && end !== null && field.selectionStart !== null) field.setSelectionRange(start, end);
}
