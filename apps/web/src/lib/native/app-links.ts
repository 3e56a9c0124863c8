import type { AppPlugin } from "@capacitor/app";
import type { PluginListenerHandle } from "@capacitor/core";
import { APP_LINK_FALLBACK_MS } from "@quire/core/constants";
import { sameSitePath } from "@quire/core/same-site-path";
import { appScheme, publicOrigin } from "./config";

/*
 * Quire links and the app (SPEC §2). Inside the app, a link that opened it (`quire://books/b1`, or
 * `https://<origin>/books/b1` through Android App Links and iOS Universal Links) becomes an in-app navigation.
 * In a phone's browser, the app's own link is tried first and the page stays if the app did not come up.
 */

export interface LinkOrigins {
  scheme: string;
  origin: string;
}

const linkOrigins = (): LinkOrigins => ({ scheme: appScheme(), origin: publicOrigin() });

/** The app path a link names, or undefined for a link that is not Quire's (or leaves the site). */
export function appPathOf(url: string, { scheme, origin }: LinkOrigins = linkOrigins()): string | undefined {
  const custom = `${scheme}:`;
  if (url.toLowerCase().startsWith(custom)) {
    // quire://books/b1 and quire:///books/b1 both name /books/b1: the "host" is the path's first segment.
    return sameSitePath(url.slice(custom.length).replace(/^\/*/, "/"));
  }
  if (!origin) return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.origin !== new URL(origin).origin) return undefined;
    return sameSitePath(`${parsed.pathname}${parsed.search}${parsed.hash}`);
  } catch {
    return undefined;
  }
}

/** The app's own link to `path` (a path of the site): `/books/b1` → `quire://books/b1`. */
export function appLinkTo(path: string, scheme = appScheme()): string {
  return `${scheme}:/${path}`;
}

/**
 * Routes every link that opens the app into React Router. Both platforms keep the link the app was started
 * with until a listener takes it, so this one listener also sees that first link.
 */
export function routeAppLinks(
  app: AppPlugin,
  navigate: (path: string) => void,
  origins: LinkOrigins = linkOrigins(),
): Promise<PluginListenerHandle> {
  return app.addListener("appUrlOpen", ({ url }) => {
    const path = appPathOf(url, origins);
    if (path) navigate(path);
  });
}

/** The pages a shared link names that the app can show: a book, the reader, a profile. */
export function isAppLinkPath(pathname: string): boolean {
  return /^\/(books|read|u|users)\/[^/]+/.test(pathname);
}

export interface HandOffWatch {
  /** The page went to the background: the app came to the front. */
  onOpened(): void;
  /** Still showing after APP_LINK_FALLBACK_MS: the app is not there (or the user stayed). */
  onNotOpened(): void;
}

/**
 * Watches what follows an attempt to open the app: whichever comes first of the page being hidden and
 * SPEC §9's 2 s. Returns the cancel, for a page that goes away first.
 */
export function watchAppHandOff({ onOpened, onNotOpened }: HandOffWatch): () => void {
  const stop = () => {
    window.clearTimeout(fallback);
    document.removeEventListener("visibilitychange", onVisibilityChange);
  };
  const fallback = window.setTimeout(() => {
    stop();
    onNotOpened();
  }, APP_LINK_FALLBACK_MS);
  const onVisibilityChange = () => {
    if (document.visibilityState !== "hidden") return;
    stop();
    onOpened();
  };
  document.addEventListener("visibilitychange", onVisibilityChange);
  return stop;
}

/** Tries the app's link to `path` from a browser: "opened" when the app came up, "not-opened" otherwise. */
export function tryOpenInApp(path: string): Promise<"opened" | "not-opened"> {
  return new Promise((resolve) => {
    watchAppHandOff({ onOpened: () => resolve("opened"), onNotOpened: () => resolve("not-opened") });
    window.location.assign(appLinkTo(path));
  });
}
