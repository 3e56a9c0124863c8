import { SAFE_AREA_POLL_INTERVAL_MS, SAFE_AREA_POLL_MAX_MS } from "@quire/core/constants";

export interface SafeAreaInsets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

const SIDES = ["top", "right", "bottom", "left"] as const;

/** A hidden element padded by `env(safe-area-inset-*)`: its computed padding is the insets in pixels. */
export function safeAreaProbe(doc: Document = document): { read(): SafeAreaInsets; remove(): void } {
  const probe = doc.createElement("div");
  probe.setAttribute("aria-hidden", "true");
  probe.style.cssText = `position:fixed;top:0;left:0;visibility:hidden;pointer-events:none;${SIDES.map(
    (side) => `padding-${side}:env(safe-area-inset-${side},0px)`,
  ).join(";")}`;
  doc.body.append(probe);
  return {
    read() {
      const style = getComputedStyle(probe);
      const px = (value: string) => Number.parseFloat(value) || 0;
      return {
        top: px(style.paddingTop),
        right: px(style.paddingRight),
        bottom: px(style.paddingBottom),
        left: px(style.paddingLeft),
      };
    },
    remove: () => probe.remove(),
  };
}

export interface SafeAreaWatchOptions {
  root?: HTMLElement;
  read?: () => SafeAreaInsets;
  /** Fires when the screen turns; the insets move to other sides. */
  onRotate?: (listener: () => void) => () => void;
}

function portraitChanges(listener: () => void): () => void {
  const query = window.matchMedia("(orientation: portrait)");
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}

/**
 * SPEC §2/§9: a native shell may report the insets only after the page started, so they are read at
 * start and then every SAFE_AREA_POLL_INTERVAL_MS until one is non-zero, or for SAFE_AREA_POLL_MAX_MS
 * (then they are known to be zero); again on every rotation. Each read sets `--q-safe-top|right|bottom|left`
 * on the root and `data-safe-area` ("polling", "known", "none"). Returns the stop.
 */
export function watchSafeAreaInsets(options: SafeAreaWatchOptions = {}): () => void {
  const root = options.root ?? document.documentElement;
  const probe = options.read ? null : safeAreaProbe(root.ownerDocument);
  const read = options.read ?? (probe as NonNullable<typeof probe>).read;
  let timer: ReturnType<typeof setInterval> | undefined;

  const measure = (): boolean => {
    const insets = read();
    for (const side of SIDES) root.style.setProperty(`--q-safe-${side}`, `${insets[side]}px`);
    return SIDES.some((side) => insets[side] > 0);
  };
  const poll = () => {
    clearInterval(timer);
    if (measure()) {
      root.dataset.safeArea = "known";
      return;
    }
    root.dataset.safeArea = "polling";
    let reads = 0;
    timer = setInterval(() => {
      reads += 1;
      const known = measure();
      if (known || reads * SAFE_AREA_POLL_INTERVAL_MS >= SAFE_AREA_POLL_MAX_MS) {
        clearInterval(timer);
        root.dataset.safeArea = known ? "known" : "none";
      }
    }, SAFE_AREA_POLL_INTERVAL_MS);
  };

  poll();
  const stopRotate = (options.onRotate ?? portraitChanges)(poll);
  return () => {
    clearInterval(timer);
    stopRotate();
    probe?.remove();
  };
}

let watching = false;

/** The page's one watch, from the first screen that asks (the shell or the reader); it lasts for the page. */
export function startSafeAreaWatch(): void {
  if (watching) return;
  watching = true;
  watchSafeAreaInsets();
}
