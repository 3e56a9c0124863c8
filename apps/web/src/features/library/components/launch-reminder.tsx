import type { BookSummary } from "@quire/core";
import { Bell } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonClasses } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { errorMessage } from "../../../lib/errors";
import { signInPathFor, useSession } from "../../auth";
import { useToggleLaunchSubscription, useViewerState } from "../queries";
import { LaunchReminderButton } from "./book-actions";

/** "Notify me at launch" for a scheduled book outside its page (an author's profile); visitors sign in first. */
export function LaunchReminder({ book }: { book: BookSummary }) {
  const session = useSession();
  const location = useLocation();
  const signedIn = session.status === "signed-in";
  const state = useViewerState(book.id, signedIn);
  const reminder = useToggleLaunchSubscription(book.id);

  if (!signedIn) {
    return (
      <Link
        to={signInPathFor(`${location.pathname}${location.search}`)}
        className={buttonClasses("secondary", "sm", "w-full")}
        aria-label={`Sign in to be notified when ${book.title} launches`}
        data-testid="launch-subscription-sign-in"
      >
        <Bell aria-hidden="true" className="size-4" />
        Notify me
      </Link>
    );
  }
  const subscribed = state.data?.subscribed ?? false;
  return (
    <div className="flex flex-col gap-1.5">
      <LaunchReminderButton
        subscribed={subscribed}
        disabled={state.isPending || reminder.isPending}
        onToggle={() => reminder.mutate(!subscribed)}
      />
      {reminder.isError ? <FormAlert>{errorMessage(reminder.error)}</FormAlert> : null}
    </div>
  );
}
