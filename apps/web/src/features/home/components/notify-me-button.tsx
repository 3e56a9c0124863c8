import type { ReaderHome } from "@quire/core";
import { useQueryClient } from "@tanstack/react-query";
import { Bell, BellOff } from "lucide-react";
import { buttonClasses } from "../../../components/button";
import { errorMessage } from "../../../lib/errors";
import { useToggleLaunchSubscription } from "../../library";
import { homeKeys } from "../queries";

/**
 * Coming soon's launch reminder: the book page's subscription mutation, with the answer written
 * into the home's own copy so the card changes at once.
 */
export function NotifyMeButton({
  bookId,
  title,
  subscribed,
  onSubscribed,
}: {
  bookId: string;
  title: string;
  subscribed: boolean;
  onSubscribed: () => void;
}) {
  const queryClient = useQueryClient();
  const reminder = useToggleLaunchSubscription(bookId);
  const toggle = () =>
    reminder.mutate(!subscribed, {
      onSuccess: (answer) => {
        queryClient.setQueryData<ReaderHome>(homeKeys.home(), (home) =>
          home
            ? {
                ...home,
                comingSoon: home.comingSoon.map((item) =>
                  item.book.id === bookId ? { ...item, subscribed: answer.subscribed } : item,
                ),
              }
            : home,
        );
        if (answer.subscribed) onSubscribed();
      },
    });
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        aria-pressed={subscribed}
        aria-label={`${subscribed ? "Don't notify me" : "Notify me"} when ${title} launches`}
        disabled={reminder.isPending}
        onClick={toggle}
        className={buttonClasses(subscribed ? "secondary" : "primary", "sm", "w-full")}
        data-testid="notify-me"
      >
        {subscribed ? (
          <BellOff aria-hidden="true" className="size-4" />
        ) : (
          <Bell aria-hidden="true" className="size-4" />
        )}
        {subscribed ? "Don't notify me" : "Notify me"}
      </button>
      {reminder.isError ? (
        <p role="alert" className="text-danger text-xs">
          {errorMessage(reminder.error)}
        </p>
      ) : null}
    </div>
  );
}
