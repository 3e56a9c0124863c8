import { BellRing } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { SubmitButton } from "../../../components/submit-button";
import { pushFailureMessage } from "../push-errors";
import { usePushStatus, useSetPush } from "../queries";

/**
 * Shown right after someone asks to hear about a book's launch: where push is supported and not on
 * yet, it offers to turn it on so the launch reaches them outside Quire too.
 */
export function PushOptInOffer({ userId }: { userId: string }) {
  const status = usePushStatus(userId);
  const enable = useSetPush(userId);
  const [dismissed, setDismissed] = useState(false);

  // Once offered it stays, so the outcome of pressing it (which changes the status) is seen too.
  if (dismissed || (status.data !== "off" && enable.isIdle)) return null;
  if (enable.isSuccess) {
    return (
      <FormAlert tone="success" testId="push-opt-in-done">
        Push notifications are on. You'll get one when it launches.
      </FormAlert>
    );
  }
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-line bg-sunken p-3.5 text-sm"
      data-testid="push-opt-in"
    >
      <p className="flex items-start gap-2 text-ink">
        <BellRing aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Get a push notification when it launches.
      </p>
      {enable.isError ? <FormAlert>{pushFailureMessage(enable.error)}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <SubmitButton
          type="button"
          size="sm"
          pending={enable.isPending}
          pendingLabel="Turning on…"
          onClick={() => enable.mutate(true)}
          testId="push-opt-in-enable"
        >
          Turn on push notifications
        </SubmitButton>
        <Button variant="ghost" size="sm" onClick={() => setDismissed(true)}>
          Not now
        </Button>
      </div>
    </div>
  );
}
