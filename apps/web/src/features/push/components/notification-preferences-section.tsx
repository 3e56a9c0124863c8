import type { NotificationPreference, UserEventType } from "@quire/core";
import { useId, useState } from "react";
import { ErrorState } from "../../../components/error-state";
import { FormAlert } from "../../../components/form-alert";
import { SettingsCard } from "../../../components/settings-card";
import { LoadingStatus, placeholderKeys, Skeleton } from "../../../components/skeleton";
import { errorMessage } from "../../../lib/errors";
import { useNotificationPreferences, useUpdateNotificationPreferences } from "../queries";

/** Every event type a notification can be about, in the order the settings list them. */
export const EVENT_TYPE_LABELS: Record<UserEventType, string> = {
  "new follower": "New followers",
  "book launched": "Book launches",
  "read book": "Finished books",
  "started reading": "Started reading",
  "starred book": "Starred books",
};

const EVENT_TYPES = Object.keys(EVENT_TYPE_LABELS) as UserEventType[];
type Channel = "inApp" | "push";

/** The settings card with one In-app and one Push toggle per event type, each saved at once. */
export function NotificationPreferencesSection() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const inAppId = useId();
  const pushId = useId();

  // The list just toggled, shown at once: the cache's optimistic copy lands a moment later, and a checkbox
  // that is controlled by it would spring back under the click until then.
  const [toggled, setToggled] = useState<NotificationPreference[] | null>(null);
  // A type the server has no row for is on for both (the contract's default).
  const rows: NotificationPreference[] =
    toggled ??
    EVENT_TYPES.map(
      (type) => preferences.data?.find((preference) => preference.type === type) ?? { type, inApp: true, push: true },
    );
  const toggle = (type: UserEventType, channel: Channel, on: boolean) => {
    const next = rows.map((row) => (row.type === type ? { ...row, [channel]: on } : row));
    setToggled(next);
    update.mutate(next, { onSettled: () => setToggled(null) });
  };

  return (
    <SettingsCard
      id="notification-preferences"
      title="Notification preferences"
      description="What lands in your Quire inbox, and what is also pushed to the devices where push notifications are on."
    >
      {preferences.isPending ? (
        <div className="flex flex-col gap-3">
          <LoadingStatus label="Loading notification preferences…" />
          {placeholderKeys(5).map((key) => (
            <Skeleton key={key} className="h-6 w-full" />
          ))}
        </div>
      ) : preferences.isError ? (
        <ErrorState
          error={preferences.error}
          onRetry={() => preferences.refetch()}
          isRetrying={preferences.isFetching}
        />
      ) : (
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr className="border-line border-b text-left text-ink-muted">
              <th scope="col" className="py-2 pr-2 font-medium">
                Notify me about
              </th>
              <th scope="col" id={inAppId} className="w-20 px-2 py-2 text-center font-medium">
                In-app
              </th>
              <th scope="col" id={pushId} className="w-20 py-2 pl-2 text-center font-medium">
                Push
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <PreferenceRow
                key={row.type}
                preference={row}
                columnIds={{ inApp: inAppId, push: pushId }}
                onToggle={(channel, on) => toggle(row.type, channel, on)}
              />
            ))}
          </tbody>
        </table>
      )}
      {update.isError ? <FormAlert>{errorMessage(update.error)}</FormAlert> : null}
    </SettingsCard>
  );
}

function PreferenceRow({
  preference,
  columnIds,
  onToggle,
}: {
  preference: NotificationPreference;
  columnIds: Record<Channel, string>;
  onToggle: (channel: Channel, on: boolean) => void;
}) {
  const rowId = useId();
  return (
    <tr
      className="border-line border-b last:border-b-0"
      data-testid={`preference-${preference.type.replace(/ /g, "-")}`}
    >
      <th scope="row" id={rowId} className="py-3 pr-2 text-left font-normal text-ink">
        {EVENT_TYPE_LABELS[preference.type]}
      </th>
      {(["inApp", "push"] as const).map((channel) => (
        <td key={channel} className="px-2 py-3 text-center">
          <input
            type="checkbox"
            checked={preference[channel]}
            aria-labelledby={`${rowId} ${columnIds[channel]}`}
            onChange={(event) => onToggle(channel, event.target.checked)}
            className="size-5 cursor-pointer rounded accent-accent align-middle"
          />
        </td>
      ))}
    </tr>
  );
}
