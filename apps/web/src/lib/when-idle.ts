/** Work that can wait until the browser has nothing else to do (`maxWaitMs` at most). */
export function whenIdle(work: () => void, maxWaitMs = 500): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(work, { timeout: maxWaitMs });
  else setTimeout(work, 50);
}
