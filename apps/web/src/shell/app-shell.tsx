import { BOTTOM_BAR_HEIGHT_PX, TOP_BAR_HEIGHT_PX } from "@quire/core/constants";
import { CircleUserRound, Compass, House, Library, type LucideIcon, Newspaper, Search, UserRound } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, NavLink, Outlet, ScrollRestoration, useLocation, useNavigation } from "react-router";
import { buttonClasses } from "../components/button";
import { LogoMark } from "../components/logo";
import { ThemeMenu, ThemeToggle } from "../components/theme-controls";
import { signInPathFor } from "../features/auth/next-path";
import { type Session, useSession } from "../features/auth/session";
import { NotificationsBell } from "../features/notifications/components/notifications-bell";
import { useNotificationStream } from "../features/notifications/use-notification-stream";
import { OnboardingGate } from "../features/onboarding/onboarding-gate";
import { SearchField } from "../features/search/components/search-field";
import { useKeyboardOpen } from "../lib/native/keyboard";
import { startSafeAreaWatch } from "../lib/native/safe-area";
import { useCurrentScreenTitle } from "../lib/screen-title";
import { AfterHydration } from "../lib/use-hydrated";
import { ACCOUNT_SETTINGS_PATH, AccountMenu } from "./account-menu";

export const SIGN_IN_PATH = "/auth/sign-in";

// The offline banner, update prompt and service worker: their own chunk, out of the home route's budget.
const OfflineShell = lazy(() =>
  import("../features/offline/components/offline-shell").then((module) => ({ default: module.OfflineShell })),
);
// Analytics (consent banner, page views, the send queue): their own chunk, out of the home route's budget.
const AnalyticsShell = lazy(() =>
  import("../features/analytics/components/analytics-shell").then((module) => ({ default: module.AnalyticsShell })),
);

interface NavItem {
  to: string;
  label: string;
  Icon: LucideIcon;
  end: boolean;
  testId?: string;
}

const MAIN_NAV: readonly NavItem[] = [
  { to: "/", label: "Home", Icon: House, end: true },
  { to: "/browse", label: "Browse", Icon: Compass, end: false },
];
const FEED_NAV: NavItem = { to: "/feed", label: "Feed", Icon: Newspaper, end: false, testId: "nav-feed" };
const LIBRARY_NAV: NavItem = { to: "/library", label: "Library", Icon: Library, end: false, testId: "nav-library" };

/** Everyone browses; a signed-in reader also has a feed and a library. */
function mainNavFor(session: Session): readonly NavItem[] {
  return session.status === "signed-in" ? [...MAIN_NAV, FEED_NAV, LIBRARY_NAV] : MAIN_NAV;
}

/** "Sign in", returning to the current page afterwards (not from home or the auth screens themselves). */
function useSignInPath(): string {
  const { pathname, search } = useLocation();
  return pathname.startsWith("/auth/") ? SIGN_IN_PATH : signInPathFor(`${pathname}${search}`, SIGN_IN_PATH);
}

/**
 * The third item of the phone bar: "Account" when signed in — or probably so, while this browser's
 * session is being checked (the account screen sends a signed-out visitor on to sign in) — else "Sign in".
 */
function accountNavItem(session: Session, signInPath: string): NavItem {
  return session.status === "signed-in" || session.status === "loading"
    ? { to: ACCOUNT_SETTINGS_PATH, label: "Account", Icon: CircleUserRound, end: false, testId: "bottom-nav-account" }
    : { to: signInPath, label: "Sign in", Icon: UserRound, end: false, testId: "bottom-nav-sign-in" };
}

export function AppShell() {
  const keyboardOpen = useKeyboardOpen();
  useEffect(startSafeAreaWatch, []);
  return (
    <div
      className="flex min-h-dvh flex-col"
      style={{
        paddingBottom: keyboardOpen ? undefined : "calc(var(--q-bottom-space) + var(--q-overlay-space, 0px))",
      }}
    >
      <SkipLink />
      <NavigationProgress />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {/* Both shells depend on the browser (its network, stored consent): never in the server's HTML. */}
        <AfterHydration>
          <Suspense fallback={null}>
            <OfflineShell />
          </Suspense>
          <Suspense fallback={null}>
            <AnalyticsShell />
          </Suspense>
        </AfterHydration>
        <OnboardingGate />
        <Outlet />
      </main>
      <SiteFooter />
      <BottomNav hidden={keyboardOpen} />
      <RouteAnnouncer />
      <ScrollRestoration />
    </div>
  );
}

/** Shown for the moment a lazily loaded first screen takes to arrive. */
export function AppLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status">
      <LogoMark className="size-10 motion-safe:animate-pulse" />
      <span className="sr-only">Loading Quire…</span>
    </div>
  );
}

function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-full focus:bg-accent focus:px-4 focus:py-2 focus:font-medium focus:text-accent-ink"
    >
      Skip to content
    </a>
  );
}

function SiteHeader() {
  const title = useCurrentScreenTitle();
  const { pathname } = useLocation();
  const session = useSession();
  const signInPath = useSignInPath();
  // One stream per page, whichever of the two bells (phone or wide screen) is showing.
  useNotificationStream(session.status === "signed-in");
  return (
    <header className="pt-safe sticky top-0 z-40 bg-paper/90 shadow-[0_1px_0_var(--q-line)] backdrop-blur supports-[backdrop-filter]:bg-paper/80">
      <div
        data-testid="top-bar"
        className="flex items-center gap-2 px-3 md:hidden"
        style={{ height: TOP_BAR_HEIGHT_PX }}
      >
        <Link to="/" aria-label="Quire home" className="shrink-0 rounded-md">
          <LogoMark className="size-6" />
        </Link>
        <p
          className="min-w-0 flex-1 truncate font-serif font-semibold text-[0.95rem] text-ink"
          data-testid="top-bar-title"
        >
          {title || "Quire"}
        </p>
        <div className="flex shrink-0 items-center">
          <Link
            to="/search"
            aria-label="Search"
            data-testid="top-bar-search"
            className="flex size-8 items-center justify-center rounded-full text-ink-muted hover:bg-sunken hover:text-ink"
          >
            <Search aria-hidden="true" className="size-[1.125rem]" />
          </Link>
          {session.status === "signed-in" ? <NotificationsBell /> : null}
          <ThemeToggle size="sm" />
          <ThemeMenu size="sm" />
        </div>
      </div>

      <div className="mx-auto hidden h-16 max-w-7xl items-center gap-8 px-6 md:flex lg:px-8">
        <Link
          to="/"
          className="flex items-center gap-2.5 rounded-md font-serif font-bold text-2xl text-ink tracking-tight"
        >
          <LogoMark className="size-8" />
          Quire
        </Link>
        <nav aria-label="Main">
          <ul className="flex items-center gap-1">
            {mainNavFor(session).map(({ to, label, end }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  className={({ isActive }) =>
                    `rounded-full px-4 py-2 font-medium text-sm transition-colors ${
                      isActive ? "bg-accent-soft text-accent-soft-ink" : "text-ink-muted hover:bg-sunken hover:text-ink"
                    }`
                  }
                >
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* The search screen has its own field. */}
        {pathname === "/search" ? null : <SearchField className="w-full max-w-xs lg:max-w-sm" />}
        <div className="ml-auto flex items-center gap-1">
          {session.status === "signed-in" ? <NotificationsBell /> : null}
          <ThemeToggle />
          <ThemeMenu />
          {session.status === "signed-in" && session.user ? (
            <AccountMenu user={session.user} />
          ) : session.status === "loading" ? (
            <span aria-hidden="true" className="ml-2 h-10 w-32 rounded-full bg-sunken motion-safe:animate-pulse" />
          ) : (
            <Link to={signInPath} className={buttonClasses("secondary", "sm", "ml-2")} data-testid="header-sign-in">
              Sign in
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}

function BottomNav({ hidden }: { hidden: boolean }) {
  const session = useSession();
  const signInPath = useSignInPath();
  const items = [...mainNavFor(session), accountNavItem(session, signInPath)];
  return (
    <nav
      aria-label="Main"
      data-testid="bottom-nav"
      hidden={hidden}
      className="pb-safe fixed inset-x-0 bottom-0 z-40 bg-surface/95 shadow-[0_-1px_0_var(--q-line)] backdrop-blur md:hidden"
    >
      <ul className="flex" style={{ height: BOTTOM_BAR_HEIGHT_PX }}>
        {items.map(({ to, label, Icon, end, testId }) => (
          <li key={label} className="flex flex-1">
            <NavLink
              data-testid={testId}
              to={to}
              end={end}
              className={({ isActive }) =>
                `flex flex-1 flex-col items-center justify-center gap-1 font-medium text-xs transition-colors ${
                  isActive ? "text-accent" : "text-ink-muted hover:text-ink"
                }`
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    className={`flex h-7 w-14 items-center justify-center rounded-full ${isActive ? "bg-accent-soft" : ""}`}
                  >
                    <Icon aria-hidden="true" className="size-5" strokeWidth={isActive ? 2.4 : 2} />
                  </span>
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SiteFooter() {
  return (
    <footer className="mt-16 border-line border-t bg-sunken/60">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-ink-muted text-sm sm:flex-row sm:items-center sm:justify-between md:px-6 lg:px-8">
        <p className="flex items-center gap-2">
          <LogoMark className="size-5" />
          <span>
            <span className="font-semibold font-serif text-ink">Quire</span> — read, track and share books
          </span>
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <Link className="underline-offset-4 hover:text-ink hover:underline" to="/browse?source=own">
                Community books
              </Link>
            </li>
            <li>
              <Link className="underline-offset-4 hover:text-ink hover:underline" to="/browse?source=public-domain">
                Public domain
              </Link>
            </li>
            <li>
              <Link className="underline-offset-4 hover:text-ink hover:underline" to="/browse?status=scheduled">
                Coming soon
              </Link>
            </li>
            <li>
              <Link className="underline-offset-4 hover:text-ink hover:underline" to="/plus">
                Quire Plus
              </Link>
            </li>
            <li>
              <Link className="underline-offset-4 hover:text-ink hover:underline" to="/terms">
                Terms
              </Link>
            </li>
            <li>
              <Link className="underline-offset-4 hover:text-ink hover:underline" to="/privacy">
                Privacy
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

/** A thin bar while a lazily loaded screen is on its way. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      aria-hidden="true"
      className="fixed inset-x-0 top-0 z-[70] h-0.5 bg-accent motion-safe:animate-pulse"
      data-testid="navigation-progress"
    />
  );
}

/** Tells screen-reader users which page a client-side navigation landed on. */
function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState("");
  const announcedPath = useRef(pathname);
  useEffect(() => {
    if (announcedPath.current === pathname) return;
    announcedPath.current = pathname;
    const timer = window.setTimeout(() => setMessage(document.title), 300);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  return (
    <p aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </p>
  );
}
