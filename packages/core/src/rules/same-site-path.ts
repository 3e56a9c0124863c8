const SAME_SITE_PATH_MAX_LENGTH = 2048;

/** Any origin will do: a same-site path resolves against every origin to that origin. */
const PROBE_ORIGIN = "https://same-site.invalid";

/** One leading slash and nothing a browser could read as a host ("//evil", "/\\evil") or a control character. */
function looksLikePath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//")) return false;
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === "\\") return false;
  }
  return true;
}

/**
 * `value` as a path on this site, normalised the way a browser resolves it (dot segments gone), or
 * undefined when it is not one. The normalised result is checked again: "/.//evil.example" passes
 * as written but resolves to "//evil.example", which a browser would read as another host.
 */
export function sameSitePath(value: string): string | undefined {
  if (value.length > SAME_SITE_PATH_MAX_LENGTH || !looksLikePath(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === PROBE_ORIGIN && looksLikePath(path) ? path : undefined;
}
