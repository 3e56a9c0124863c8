import { isNativeApp } from "./platform";

/*
 * What the web app must know when it is built for the native app (`apps/mobile`), where it is served from
 * capacitor://localhost or https://localhost rather than from the site: docs/native-bridge.md.
 */

/** The site the app talks to and whose links it opens: `VITE_QUIRE_ORIGIN`, e.g. https://quire.example. */
export function publicOrigin(): string {
  const origin: unknown = import.meta.env.VITE_QUIRE_ORIGIN;
  return typeof origin === "string" ? origin.replace(/\/+$/, "") : "";
}

/** The app's custom link scheme: `VITE_QUIRE_APP_SCHEME`, the server's QUIRE_APP_SCHEME ("quire" by default). */
export function appScheme(): string {
  const scheme: unknown = import.meta.env.VITE_QUIRE_APP_SCHEME;
  return typeof scheme === "string" && scheme ? scheme : "quire";
}

/** The site's address of `path`, to share or copy: the page's own origin in a browser, the public one in the app. */
export function siteUrl(path: string): string {
  return `${isNativeApp() ? publicOrigin() : window.location.origin}${path}`;
}

/**
 * Where an uploaded file's URL (`/files/…`, as the API answers it) loads from: unchanged in a browser, on the
 * public origin in the app, whose own origin is localhost.
 */
export function fileUrl(url: string): string {
  return isNativeApp() && url.startsWith("/") && !url.startsWith("//") ? `${publicOrigin()}${url}` : url;
}
