import type { ScreenOrientationPlugin } from "@capacitor/screen-orientation";
import type { StatusBarPlugin } from "@capacitor/status-bar";
import type { QuireImmersivePlugin } from "./immersive";
import { isNativeApp, loadNativePlugin, nativePlatform } from "./platform";

export const ORIENTATION_LOCKS = ["any", "portrait", "landscape"] as const;
/** "any" unlocks (SPEC §2). */
export type OrientationLock = (typeof ORIENTATION_LOCKS)[number];

/** SPEC §2: a lock applies only on mobile user agents. iPadOS Safari presents itself as a Mac with touch. */
export function isMobileUserAgent(userAgent: string, maxTouchPoints = 0): boolean {
  return /Android|iPhone|iPad|iPod|Mobi/i.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function canLockOrientation(): boolean {
  return typeof navigator !== "undefined" && isMobileUserAgent(navigator.userAgent, navigator.maxTouchPoints);
}

// Plugin calls cross to native code and back; one queue keeps an enter, a leave and the next enter (a
// remount) in the order they were asked for, so a late restore never undoes a newer hide.
let queue: Promise<unknown> = Promise.resolve();
function inOrder<T>(step: () => Promise<T>): Promise<T> {
  const result = queue.then(step);
  queue = result.catch(() => undefined);
  return result;
}

type Restore = () => Promise<void>;

/**
 * Hides the status bar; resolves to the function that puts it back as it was. On Android the page is
 * also laid out under the bar's place (overlay), so hiding leaves no empty band; iOS has no overlay call.
 */
export async function hideStatusBar(statusBar: StatusBarPlugin, platform: "android" | "ios"): Promise<Restore> {
  const before = await statusBar.getInfo();
  if (platform === "android") await statusBar.setOverlaysWebView({ overlay: true });
  await statusBar.hide();
  return async () => {
    if (before.visible) await statusBar.show();
    if (platform === "android") await statusBar.setOverlaysWebView({ overlay: before.overlays });
  };
}

/** Android's navigation bar, which the stock plugins cannot hide, through the app's own plugin (docs/reader.md). */
export async function hideNavigationBar(immersive: QuireImmersivePlugin): Promise<Restore> {
  await immersive.enter();
  return () => immersive.leave();
}

// Each bar on its own: one that fails to hide must not cost the other its restore. Leaving undoes the last first.
async function hideSystemBars(platform: "android" | "ios"): Promise<Restore[]> {
  const hides = [() => loadNativePlugin("StatusBar").then((bar) => bar && hideStatusBar(bar, platform))];
  if (platform === "android")
    hides.push(() => loadNativePlugin("QuireImmersive").then((plugin) => plugin && hideNavigationBar(plugin)));
  const restores: Restore[] = [];
  for (const hide of hides) {
    const restore = await hide().catch(() => null);
    if (restore) restores.unshift(restore);
  }
  return restores;
}

/** Immersive mode in the app (nothing in a browser); returns the leave, which shows the bars again. */
export function enterImmersive(): () => void {
  const entered = inOrder(async () => {
    const platform = nativePlatform();
    return platform === "web" ? [] : hideSystemBars(platform);
  });
  return () => {
    void inOrder(async () => {
      for (const restore of await entered) await restore().catch(() => undefined);
    });
  };
}

export async function lockWithPlugin(plugin: ScreenOrientationPlugin, lock: OrientationLock): Promise<void> {
  if (lock === "any") await plugin.unlock();
  else await plugin.lock({ orientation: lock });
}

/** The Screen Orientation API as browsers have it (TypeScript's DOM types dropped `lock`). */
export interface BrowserOrientation {
  lock?(orientation: "portrait" | "landscape"): Promise<void>;
  unlock(): void;
}

/**
 * Browsers refuse most locks (Chromium allows one only in full screen or an installed app, Safari
 * never): a refusal leaves the screen free and resolves false.
 */
export async function lockInBrowser(orientation: BrowserOrientation | undefined, lock: OrientationLock) {
  try {
    if (lock === "any") orientation?.unlock();
    else if (orientation?.lock) await orientation.lock(lock);
    else return false;
    return true;
  } catch {
    return false;
  }
}

/** Applies a rotation lock on a mobile user agent, through the plugin in the app and the browser's API elsewhere. */
export function applyOrientationLock(lock: OrientationLock): Promise<boolean> {
  if (!canLockOrientation()) return Promise.resolve(false);
  if (!isNativeApp()) return lockInBrowser(screen.orientation as BrowserOrientation | undefined, lock);
  return inOrder(async () => {
    const plugin = await loadNativePlugin("ScreenOrientation");
    if (!plugin) return false;
    await lockWithPlugin(plugin, lock);
    return true;
  }).catch(() => false);
}
