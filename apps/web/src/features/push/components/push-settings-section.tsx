import { LoaderCircle } from "lucide-react";
import { useId } from "react";
import { FormAlert } from "../../../components/form-alert";
import { SettingsCard } from "../../../components/settings-card";
import { LoadingStatus, Skeleton } from "../../../components/skeleton";
import { errorMessage } from "../../../lib/errors";
import { isNativeApp } from "../../../lib/native/platform";
import type { PushStatus } from "../push-client";
import { type PushErrorKind, pushErrorMessage, pushFailureMessage } from "../push-errors";
import { usePushStatus, useSetPush } from "../queries";

const STATE_TEXT: Record<PushStatus, string> = {
  on: "On for this browser.",
  off: "Off for this browser.",
  blocked: "Blocked in this browser's settings.",
  unsupported: "Not available in this browser.",
};

const APP_STATE_TEXT: Record<PushStatus, string> = {
  on: "On for this phone.",
  off: "Off for this phone.",
  blocked: "Blocked in this phone's settings.",
  unsupported: "Not available on this phone.",
};

/** Why the switch cannot be used, when it cannot. */
const STATE_NOTE: Partial<Record<PushStatus, PushErrorKind>> = {
  blocked: "permissionBlocked",
  unsupported: "unsupportedBrowser",
};

/** The settings card that turns push on or off for this browser (Web Push) or phone (the native app). */
export function PushSettingsSection({ userId }: { userId: string }) {
  const status = usePushStatus(userId);
  const change = useSetPush(userId);
  const current = status.data;
  const noteKind = current ? STATE_NOTE[current] : undefined;
  const note = noteKind ? pushErrorMessage(noteKind) : undefined;
  const stateText = isNativeApp() ? APP_STATE_TEXT : STATE_TEXT;
  const labelId = useId();
  const stateId = useId();

  return (
    <SettingsCard
      id="push"
      title="Push notifications"
      description="Hear about new followers and book launches on this device, even when Quire is closed."
    >
      {status.isPending ? (
        <div className="flex items-center justify-between gap-4">
          <LoadingStatus label="Checking push notifications…" />
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-7 w-12 rounded-full" />
        </div>
      ) : status.isError ? (
        <FormAlert>{errorMessage(status.error)}</FormAlert>
      ) : (
        <div className="flex items-center justify-between gap-4">
          <div className="flex min-w-0 flex-col gap-0.5">
            <span id={labelId} className="font-medium text-ink text-sm">
              Push notifications on this device
            </span>
            <span id={stateId} className="text-ink-muted text-sm" data-testid="push-state">
              {change.isPending ? (change.variables ? "Turning on…" : "Turning off…") : stateText[status.data]}
            </span>
          </div>
          <PushSwitch
            labelledBy={labelId}
            describedBy={stateId}
            on={status.data === "on"}
            pending={change.isPending}
            disabled={status.data === "blocked" || status.data === "unsupported"}
            onToggle={() => change.mutate(status.data !== "on")}
          />
        </div>
      )}
      {change.isError ? (
        <FormAlert testId="push-error">{pushFailureMessage(change.error)}</FormAlert>
      ) : note ? (
        <FormAlert tone="info" testId="push-note">
          {note}
        </FormAlert>
      ) : null}
    </SettingsCard>
  );
}

/**
 * An on/off switch. While pending it is aria-disabled rather than disabled, so keyboard focus stays
 * on it and a second press does nothing.
 */
function PushSwitch({
  labelledBy,
  describedBy,
  on,
  pending,
  disabled,
  onToggle,
}: {
  labelledBy: string;
  describedBy: string;
  on: boolean;
  pending: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      disabled={disabled}
      onClick={() => (pending ? undefined : onToggle())}
      className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border transition-colors disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-wait ${
        on ? "border-accent bg-accent" : "border-line-strong bg-sunken"
      }`}
      data-testid="push-switch"
    >
      <span
        aria-hidden="true"
        className={`inline-flex size-5 items-center justify-center rounded-full shadow-card transition-transform motion-reduce:transition-none ${
          on ? "translate-x-[1.4rem] bg-accent-ink" : "translate-x-1 bg-ink-muted"
        }`}
      >
        {pending ? (
          <LoaderCircle className={`size-3.5 motion-safe:animate-spin ${on ? "text-accent" : "text-surface"}`} />
        ) : null}
      </span>
    </button>
  );
}
