import type { AppPlugin } from "@capacitor/app";
import type { KeyboardPlugin } from "@capacitor/keyboard";
import type { PreferencesPlugin } from "@capacitor/preferences";
import type { PushNotificationsPlugin } from "@capacitor/push-notifications";
import type { ScreenOrientationPlugin } from "@capacitor/screen-orientation";
import type { StatusBarPlugin } from "@capacitor/status-bar";
import type { QuireImmersivePlugin } from "./immersive";

export type NativePlatform = "android" | "ios" | "web";

// The native shell injects window.Capacitor before the page loads, so detection needs no import.
interface CapacitorGlobal {
  Capacitor?: { isNativePlatform?: () => boolean; getPlatform?: () => string };
}

function capacitor() {
  return (globalThis as CapacitorGlobal).Capacitor;
}

/** True inside the Capacitor shell of the native app, where the same React app runs. */
export function isNativeApp(): boolean {
  return capacitor()?.isNativePlatform?.() === true;
}

export function nativePlatform(): NativePlatform {
  if (!isNativeApp()) return "web";
  return capacitor()?.getPlatform?.() === "ios" ? "ios" : "android";
}

export interface NativePlugins {
  App: AppPlugin;
  Keyboard: KeyboardPlugin;
  Preferences: PreferencesPlugin;
  PushNotifications: PushNotificationsPlugin;
  QuireImmersive: QuireImmersivePlugin;
  ScreenOrientation: ScreenOrientationPlugin;
  StatusBar: StatusBarPlugin;
}

/**
 * A Capacitor plugin is a Proxy that answers every property with a plugin method, `then` included, so a promise
 * resolved with it calls a "then" the plugin does not have, and fails. This view hides `then`, passes the rest on.
 */
function notThenable<T extends object>(plugin: T): T {
  // biome-ignore lint/suspicious/noThenProperty: an own, undefined `then` is what makes it no thenable.
  return Object.create(plugin, { then: { value: undefined } });
}

// Dynamic imports only: the plugins stay out of the browser's bundles (home route budget).
const loaders: { [K in keyof NativePlugins]: () => Promise<NativePlugins[K]> } = {
  App: () => import("@capacitor/app").then((m) => notThenable(m.App)),
  Keyboard: () => import("@capacitor/keyboard").then((m) => notThenable(m.Keyboard)),
  Preferences: () => import("@capacitor/preferences").then((m) => notThenable(m.Preferences)),
  PushNotifications: () => import("@capacitor/push-notifications").then((m) => notThenable(m.PushNotifications)),
  QuireImmersive: () => import("./immersive").then((m) => notThenable(m.QuireImmersive)),
  ScreenOrientation: () => import("@capacitor/screen-orientation").then((m) => notThenable(m.ScreenOrientation)),
  StatusBar: () => import("@capacitor/status-bar").then((m) => notThenable(m.StatusBar)),
};

/** The Capacitor plugin `name` inside the app; null in a browser, where nothing is loaded. */
export async function loadNativePlugin<K extends keyof NativePlugins>(name: K): Promise<NativePlugins[K] | null> {
  if (!isNativeApp()) return null;
  return loaders[name]();
}
