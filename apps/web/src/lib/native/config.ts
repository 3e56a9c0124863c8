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
