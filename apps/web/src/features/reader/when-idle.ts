/** Work that can wait until the browser has nothing else to do (half a second at most). */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(work, { timeout: 500 });
  else setTimeout(work, 50);
}
