import { Bell } from "lucide-react";
import { NavLink } from "react-router";
import { useUnreadCount } from "../queries";

export const NOTIFICATIONS_PATH = "/notifications";

/** The header's way to the inbox; the header keeps the unread count live with `useNotificationStream`. */
export function NotificationsBell() {
  const unread = useUnreadCount();
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
  return (
    <NavLink
      to={NOTIFICATIONS_PATH}
      aria-label={label}
      title="Notifications"
      data-testid="notifications-bell"
      className="relative inline-flex size-10 items-center justify-center rounded-full text-ink-muted hover:bg-sunken hover:text-ink"
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 min-w-4 rounded-full bg-accent px-1 text-center font-semibold text-[0.65rem] text-accent-ink leading-4 tabular-nums"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </NavLink>
  );
}
