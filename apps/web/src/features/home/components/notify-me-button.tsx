import type { ReaderHome } from "@quire/core";
import { useQueryClient } from "@tanstack/react-query";
import { FormAlert } from "../../../components/form-alert";
import { errorMessage } from "../../../lib/errors";
import { LaunchReminderButton, useToggleLaunchSubscription } from "../../library";
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
    <div className="flex flex-col gap-1.5">
      <LaunchReminderButton
        subscribed={subscribed}
        disabled={reminder.isPending}
        onToggle={toggle}
        bookTitle={title}
        primary
      />
      {reminder.isError ? <FormAlert>{errorMessage(reminder.error)}</FormAlert> : null}
    </div>
  );
}
