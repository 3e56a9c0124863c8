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
  "users.byUsername": "/api/v1/users/by-username/:username",
  "auth.signUp": "/api/v1/auth/sign-up",
  "auth.signIn": "/api/v1/auth/sign-in",
  "auth.signOut": "/api/v1/auth/sign-out",
  "auth.verifyEmail": "/api/v1/auth/verify-email",
  "auth.resendVerification": "/api/v1/auth/verify-email/resend",
  "auth.requestPasswordReset": "/api/v1/auth/password-reset",
  "auth.checkPasswordReset": "/api/v1/auth/password-reset/check",
  "auth.resetPassword": "/api/v1/auth/password-reset/complete",
  "auth.changePassword": "/api/v1/auth/password",
  "me.get": "/api/v1/me",
  "auth.session": "/api/v1/auth/session",
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
