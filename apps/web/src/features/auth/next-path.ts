import { sameSitePath } from "@quire/core/same-site-path";

/** Where a finished sign-in goes when there is no (usable) `next`. */
export const DEFAULT_NEXT_PATH = "/";

/** Screens that would send a just-signed-in user round in a circle. */
const AUTH_ENTRY_PATHS = ["/auth/sign-in", "/auth/sign-up", "/auth/forgot-password", "/auth/action"];

/**
 * The `next` query parameter as a path of this site (normalised, and checked after normalising), or
 * the fallback, so a crafted sign-in link can never send the user elsewhere.
 */
export function safeNextPath(raw: string | null | undefined, fallback = DEFAULT_NEXT_PATH): string {
  const path = raw ? sameSitePath(raw) : undefined;
  if (path === undefined) return fallback;
  const pathname = path.replace(/[?#].*$/, "").replace(/\/+$/, "") || "/";
  return AUTH_ENTRY_PATHS.includes(pathname) ? fallback : path;
}

/** "/auth/sign-in?next=/books/x": the sign-in address that returns to `path` afterwards. */
export function signInPathFor(path: string | null | undefined, base = "/auth/sign-in"): string {
  const next = safeNextPath(path, "");
  return next && next !== DEFAULT_NEXT_PATH ? `${base}?next=${encodeURIComponent(next)}` : base;
}
