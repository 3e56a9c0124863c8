/**
 * The route pattern of a matched address ("/books/:bookId"), from its matched params: raw addresses may
 * carry ids and tokens (a password reset link), so only the pattern is ever counted.
 */
export function routePattern(pathname: string, params: Readonly<Record<string, string | undefined>>): string {
  let segments = pathname.split("/");
  const splat = params["*"];
  if (splat) {
    const kept = pathname.slice(0, pathname.length - splat.length).replace(/\/$/, "");
    segments = [...kept.split("/"), "*"];
  }
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) if (name !== "*" && value) names.set(value, name);
  const pattern = segments.map((segment) => {
    const name = names.get(safeDecode(segment));
    return name ? `:${name}` : segment;
  });
  return pattern.join("/") || "/";
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
