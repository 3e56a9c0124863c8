/** Where a finished sign-in goes when there is no (usable) `next`. */
export const DEFAULT_NEXT_PATH = "/";

const ORIGIN = "https://quire.invalid";

/** Screens that would send a just-signed-in user round in a circle. */
const AUTH_ENTRY_PATHS = ["/auth/sign-in", "/auth/sign-up", "/auth/forgot-password", "/auth/action"];

/**
 * The `next` query parameter as a path of this site, or the fallback. Only a single leading slash
 * qualifies: "//evil.com", "/\\evil.com", "https://…", "javascript:…" and anything with control
 * characters or backslashes is refused, so a crafted sign-in link can never send the user elsewhere.
 */
export function safeNextPath(raw: string | null | undefined, fallback = DEFAULT_NEXT_PATH): string {
  if (!raw || raw.length > 2048) return fallback;
  if (!raw.startsWith("/") || raw.startsWith("//")) return fallback;
  for (const char of raw) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === "\\") return fallback;
  }
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  const pathname = url.pathname.replace(/\/+$/, "") || "/";
  if (AUTH_ENTRY_PATHS.includes(pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** "/auth/sign-in?next=/books/x": the sign-in address that returns to `path` afterwards. */
export function signInPathFor(path: string | null | undefined, base = "/auth/sign-in"): string {
  const next = safeNextPath(path, "");
  return next && next !== DEFAULT_NEXT_PATH ? `${base}?next=${encodeURIComponent(next)}` : base;
}
