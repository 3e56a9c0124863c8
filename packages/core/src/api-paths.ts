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
  "books.chapterContent": "/api/v1/books/:id/chapters/:anchorId",
  "progress.get": "/api/v1/books/:id/progress",
  "progress.put": "/api/v1/books/:id/progress",
  "progress.putChapter": "/api/v1/books/:id/chapters/:anchorId/progress",
  "me.progress": "/api/v1/me/progress",
  "genres.list": "/api/v1/genres",
  "categories.list": "/api/v1/categories",
  "users.recent": "/api/v1/users/recent",
  "users.byUsername": "/api/v1/users/by-username/:username",
  "users.suggested": "/api/v1/users/suggested",
  "auth.signUp": "/api/auth/sign-up/email",
  "auth.signIn": "/api/auth/sign-in/email",
  "auth.signOut": "/api/auth/sign-out",
  "auth.verifyEmail": "/api/auth/verify-email",
  "auth.resendVerification": "/api/auth/send-verification-email",
  "auth.requestPasswordReset": "/api/auth/request-password-reset",
  "auth.checkPasswordReset": "/api/auth/reset-password/check",
  "auth.resetPassword": "/api/auth/reset-password",
  "auth.changePassword": "/api/auth/change-password",
  "me.get": "/api/v1/me",
  "auth.session": "/api/auth/get-session",
  "auth.providers": "/api/auth/providers",
  "auth.socialSignIn": "/api/auth/sign-in/social",
  "auth.socialCallback": "/api/auth/callback/:provider",
  "auth.socialExchange": "/api/auth/social/exchange",
  "me.update": "/api/v1/me",
  "me.onboarding": "/api/v1/me/onboarding/:step",
  "me.avatar": "/api/v1/me/avatar",
  "me.cover": "/api/v1/me/cover",
  "uploads.tus": "/api/v1/uploads",
  "captcha.challenge": "/api/v1/captcha/challenge",
  "accountDeletion.request": "/api/v1/account-deletion",
  "accountDeletion.confirm": "/api/v1/account-deletion/confirm",
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
