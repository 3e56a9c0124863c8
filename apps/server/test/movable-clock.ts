/**
 * Real time that a test can move forward: a later write gets a later timestamp without the test sleeping, and
 * everything else in the app still sees the time pass as usual.
 */
export function movableClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
  };
}
