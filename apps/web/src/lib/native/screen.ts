import type { ScreenOrientationPlugin } from "@capacitor/screen-orientation";
import type { StatusBarPlugin } from "@capacitor/status-bar";
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

/**
 * Hides the status bar; resolves to the function that puts it back as it was. On Android the page is
 * also laid out under the bar's place (overlay), so hiding leaves no empty band; iOS has no overlay call.
 * The navigation bar stays: Capacitor 7's stock plugins cannot hide it (docs/reader.md).
 */
export async function hideStatusBar(
  statusBar: StatusBarPlugin,
  platform: "android" | "ios",
): Promise<() => Promise<void>> {
  const before = await statusBar.getInfo();
  if (platform === "android") await statusBar.setOverlaysWebView({ overlay: true });
  await statusBar.hide();
  return async () => {
    if (before.visible) await statusBar.show();
    if (platform === "android") await statusBar.setOverlaysWebView({ overlay: before.overlays });
  };
}

/** Immersive mode in the app (nothing in a browser); returns the leave, which restores the status bar. */
export function enterImmersive(): () => void {
  const entered = inOrder(async () => {
    const platform = nativePlatform();
    const statusBar = await loadNativePlugin("StatusBar");
    return statusBar && platform !== "web" ? hideStatusBar(statusBar, platform) : null;
  }).catch(() => null);
  return () => {
    void inOrder(async () => (await entered)?.()).catch(() => undefined);
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
