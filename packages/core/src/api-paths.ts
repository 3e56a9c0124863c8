/**
 * Every API path by operation name. Zod-free on purpose: the web app's entry chunk imports it
 * (`@quire/core/api-paths`) without loading the schemas; the contracts build on it.
 */
export const API_PATHS = {
  health: "/api/v1/health",
  "books.list": "/api/v1/books",
  "books.trending": "/api/v1/books/trending",
  "books.newCommunity": "/api/v1/books/new-community",
  "books.get": "/api/v1/books/:id",
  "books.chapters": "/api/v1/books/:id/chapters",
  "genres.list": "/api/v1/genres",
  "categories.list": "/api/v1/categories",
  "users.recent": "/api/v1/users/recent",
} as const;
export type OperationName = keyof typeof API_PATHS;

/** Fills `:name` segments, encoding each value. */
export function apiPath(operation: OperationName, params: Record<string, string> = {}): string {
  return API_PATHS[operation].replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${operation}`);
    return encodeURIComponent(value);
  });
}
