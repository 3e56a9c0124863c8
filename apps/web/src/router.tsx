import { createBrowserRouter, type HydrationState, Navigate, type RouteObject } from "react-router";
import { HomeScreen } from "./features/home/screens/home-screen";
import { NotFoundScreen } from "./features/system/screens/not-found-screen";
import { RouteErrorScreen } from "./features/system/screens/route-error-screen";
import { AppLoading, AppShell } from "./shell/app-shell";

/**
 * Home ships in the entry chunk; every other screen loads on demand so the home route's initial
 * JavaScript stays small (≤ 150 KB gzip). The lazy screens share one chunk holding @quire/core.
 */
export const routes: RouteObject[] = [
  {
    path: "/",
    Component: AppShell,
    HydrateFallback: AppLoading,
    children: [
      {
        ErrorBoundary: RouteErrorScreen,
        children: [
          { index: true, Component: HomeScreen },
          {
            path: "browse",
            lazy: async () => ({ Component: (await import("./features/catalog/screens/browse-screen")).BrowseScreen }),
          },
          {
            path: "search",
            lazy: async () => ({ Component: (await import("./features/search/screens/search-screen")).SearchScreen }),
          },
          {
            path: "books/:id",
            lazy: async () => ({ Component: (await import("./features/book/screens/book-screen")).BookScreen }),
          },
          {
            path: "auth/sign-in",
            lazy: async () => ({ Component: (await import("./features/auth/screens/sign-in-screen")).SignInScreen }),
          },
          {
            path: "auth/sign-up",
            lazy: async () => ({ Component: (await import("./features/auth/screens/sign-up-screen")).SignUpScreen }),
          },
          {
            path: "auth/forgot-password",
            lazy: async () => ({
              Component: (await import("./features/auth/screens/forgot-password-screen")).ForgotPasswordScreen,
            }),
          },
          {
            path: "auth/action",
            lazy: async () => ({
              Component: (await import("./features/auth/screens/auth-action-screen")).AuthActionScreen,
            }),
          },
          {
            path: "auth/onboarding/:step",
            lazy: async () => ({
              Component: (await import("./features/onboarding/onboarding-screen")).OnboardingScreen,
            }),
          },
          {
            path: "auth/verify-email",
            lazy: async () => ({
              Component: (await import("./features/auth/screens/email-link-screens")).VerifyEmailScreen,
            }),
          },
          {
            path: "auth/reset-password",
            lazy: async () => ({
              Component: (await import("./features/auth/screens/email-link-screens")).ResetPasswordScreen,
            }),
          },
          {
            path: "library",
            lazy: async () => ({
              Component: (await import("./features/library/screens/library-screen")).LibraryScreen,
            }),
          },
          {
            path: "settings",
            lazy: async () => ({
              Component: (await import("./features/account/screens/settings-screen")).SettingsScreen,
            }),
          },
          // The address of the settings screen before it grew beyond the account.
          { path: "settings/account", element: <Navigate to="/settings" replace /> },
          {
            path: "settings/profile",
            lazy: async () => ({
              Component: (await import("./features/users/screens/edit-profile-screen")).EditProfileScreen,
            }),
          },
          {
            path: "account/delete",
            lazy: async () => ({
              Component: (await import("./features/account-deletion/screens/delete-account-screen"))
                .DeleteAccountScreen,
            }),
          },
          {
            path: "notifications",
            lazy: async () => ({
              Component: (await import("./features/notifications/screens/notifications-screen")).NotificationsScreen,
            }),
          },
          {
            path: "studio",
            lazy: async () => ({ Component: (await import("./features/studio/screens/studio-screen")).StudioScreen }),
          },
          {
            path: "studio/books/new",
            lazy: async () => ({
              Component: (await import("./features/studio/screens/new-book-screen")).NewBookScreen,
            }),
          },
          {
            path: "studio/books/:id",
            lazy: async () => ({
              Component: (await import("./features/studio/screens/edit-book-screen")).EditBookScreen,
            }),
          },
          {
            path: "studio/books/:id/chapters/:anchorId?",
            lazy: async () => ({
              Component: (await import("./features/studio/screens/chapter-editor-screen")).ChapterEditorScreen,
            }),
          },
          {
            path: "admin/analytics",
            lazy: async () => ({
              Component: (await import("./features/admin-analytics/screens/admin-analytics-screen"))
                .AdminAnalyticsScreen,
            }),
          },
          {
            path: "admin/import",
            lazy: async () => ({
              Component: (await import("./features/studio/screens/admin-import-screen")).AdminImportScreen,
            }),
          },
          {
            path: "u/:username",
            lazy: async () => ({ Component: (await import("./features/users/screens/profile-screen")).ProfileScreen }),
          },
          {
            path: "users/:id",
            lazy: async () => ({ Component: (await import("./features/users/screens/profile-screen")).ProfileScreen }),
          },
          {
            path: "u/:username/followers",
            lazy: async () => ({
              Component: (await import("./features/users/screens/follow-list-screen")).FollowersScreen,
            }),
          },
          {
            path: "u/:username/following",
            lazy: async () => ({
              Component: (await import("./features/users/screens/follow-list-screen")).FollowingScreen,
            }),
          },
          {
            path: "feed",
            lazy: async () => ({ Component: (await import("./features/feed/screens/feed-screen")).FeedScreen }),
          },
          {
            path: "plus",
            lazy: async () => ({ Component: (await import("./features/plus/screens/plus-screen")).PlusScreen }),
          },
          {
            path: "admin/beta",
            lazy: async () => ({
              Component: (await import("./features/plus/screens/admin-beta-screen")).AdminBetaScreen,
            }),
          },
          {
            path: "terms",
            lazy: async () => ({ Component: (await import("./features/legal/screens/legal-screen")).TermsScreen }),
          },
          {
            path: "privacy",
            lazy: async () => ({ Component: (await import("./features/legal/screens/legal-screen")).PrivacyScreen }),
          },
          { path: "*", Component: NotFoundScreen },
        ],
      },
    ],
  },
  // The reader fills the screen: outside the app shell (no site header, footer or bottom bar).
  {
    path: "/read/:bookId/:anchorId?",
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteErrorScreen,
    lazy: async () => ({ Component: (await import("./features/reader/reader-screen")).ReaderScreen }),
  },
];

/** `hydrationData`: the router's state on a page the server rendered (entry-server.tsx). */
export function createRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, { hydrationData });
}
