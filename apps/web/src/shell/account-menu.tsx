import type { Me } from "@quire/core";
import { BarChart3, ChevronDown, LogOut, PenLine, Settings, Sparkles, Users } from "lucide-react";
import { useCallback, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useSignOut } from "../features/auth/session";
import { UserAvatar } from "../features/users/components/user-avatar";
import { errorMessage } from "../lib/errors";
import { displayName } from "../lib/format";
import { useDismissable } from "../lib/use-dismissable";

export const ACCOUNT_SETTINGS_PATH = "/settings";

/**
 * The signed-in user's corner of the header: avatar and name, opening "Account settings" and
 * "Sign out". A disclosure (button + panel), like the theme menu: Tab moves through it, Escape closes.
 */
export function AccountMenu({ user }: { user: Me }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const signOut = useSignOut({ redirectTo: "/" });
  const name = displayName(user);

  const closeMenu = useCallback(() => setOpen(false), []);
  useDismissable(open, closeMenu, containerRef, buttonRef);

  const itemClasses =
    "flex w-full items-center gap-2.5 rounded-lg px-2.5 py-2 text-left text-ink text-sm transition-colors hover:bg-sunken";

  return (
    <div ref={containerRef} className="relative ml-2">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        data-testid="account-menu-button"
        className="flex min-h-10 max-w-56 items-center gap-2 rounded-full border border-line-strong bg-surface py-1 pr-2.5 pl-1 text-ink text-sm transition-colors hover:bg-sunken"
      >
        <UserAvatar user={user} size={30} />
        <span className="truncate font-medium">{name}</span>
        <span className="sr-only">, account menu</span>
        <ChevronDown
          aria-hidden="true"
          className={`size-4 shrink-0 text-ink-muted transition-transform ${open ? "rotate-180" : ""}`}
        />
      </button>
      {open ? (
        <div
          id={panelId}
          data-testid="account-menu"
          className="absolute top-full right-0 z-50 mt-2 w-64 rounded-xl border border-line bg-surface p-2 shadow-card"
        >
          <div className="mb-1 border-line border-b px-2.5 pt-1 pb-2.5">
            <p className="truncate font-semibold text-ink text-sm">{name}</p>
            <p className="truncate text-ink-muted text-xs">{user.email}</p>
          </div>
          <ul className="flex flex-col gap-0.5">
            <li>
              <Link to="/studio" className={itemClasses} onClick={() => setOpen(false)}>
                <PenLine aria-hidden="true" className="size-4 text-ink-muted" />
                Studio
              </Link>
            </li>
            {user.roles.includes("admin") ? (
              <li>
                <Link to="/admin/analytics" className={itemClasses} onClick={() => setOpen(false)}>
                  <BarChart3 aria-hidden="true" className="size-4 text-ink-muted" />
                  Analytics
                </Link>
              </li>
            ) : null}
            {user.roles.includes("admin") ? (
              <li>
                <Link to="/admin/beta" className={itemClasses} onClick={() => setOpen(false)}>
                  <Users aria-hidden="true" className="size-4 text-ink-muted" />
                  Beta sign-ups
                </Link>
              </li>
            ) : null}
            <li>
              <Link to="/plus" className={itemClasses} onClick={() => setOpen(false)}>
                <Sparkles aria-hidden="true" className="size-4 text-ink-muted" />
                Quire Plus
              </Link>
            </li>
            <li>
              <Link to={ACCOUNT_SETTINGS_PATH} className={itemClasses} onClick={() => setOpen(false)}>
                <Settings aria-hidden="true" className="size-4 text-ink-muted" />
                Account settings
              </Link>
            </li>
            <li>
              <button
                type="button"
                className={`${itemClasses} aria-disabled:cursor-wait aria-disabled:opacity-70`}
                aria-disabled={signOut.isPending || undefined}
                onClick={() => {
                  if (!signOut.isPending) signOut.mutate(undefined, { onSuccess: () => setOpen(false) });
                }}
              >
                <LogOut aria-hidden="true" className="size-4 text-ink-muted" />
                {signOut.isPending ? "Signing out…" : "Sign out"}
              </button>
            </li>
          </ul>
          {signOut.isError ? (
            <p role="alert" className="mt-1 px-2.5 pb-1 text-danger text-xs">
              {errorMessage(signOut.error)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
