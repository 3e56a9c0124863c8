import type { BookSummary, SystemList } from "@quire/core";
import { Bell, BellOff, Star } from "lucide-react";
import { useId } from "react";
import { Link, useLocation } from "react-router";
import { buttonClasses } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { errorMessage } from "../../../lib/errors";
import { signInPathFor, useSession } from "../../auth";
import { SavedOfflineHint } from "../../offline-queue";
import { PushOptInOffer } from "../../push";
import { useSetList, useToggleLaunchSubscription, useToggleStar, useViewerState } from "../queries";

export const LIST_LABELS: Record<SystemList, string> = {
  "want-to-read": "Want to read",
  reading: "Reading",
  finished: "Finished",
};

/**
 * Star, shelf and launch reminder for one book. Visitors see the same controls as a way to sign in;
 * the signed-in viewer's state comes from `viewer-state` and every change shows at once.
 */
export function BookActions({ book }: { book: BookSummary }) {
  const session = useSession();
  const location = useLocation();
  const signedIn = session.status === "signed-in";
  const state = useViewerState(book.id, signedIn);
  const star = useToggleStar(book.id);
  const shelf = useSetList(book.id);
  const reminder = useToggleLaunchSubscription(book.id);
  const listId = useId();
  const scheduled = book.status === "scheduled";

  if (!signedIn) {
    return (
      <Link
        to={signInPathFor(`${location.pathname}${location.search}`)}
        className={buttonClasses("secondary", "sm", "w-full")}
        data-testid="book-actions-sign-in"
      >
        <Star aria-hidden="true" className="size-4" />
        Sign in to star and shelve
      </Link>
    );
  }

  const starred = state.data?.starred ?? false;
  const subscribed = state.data?.subscribed ?? false;
  const failure = star.error ?? shelf.error ?? reminder.error;
  const busy = state.isPending;

  return (
    <div className="flex w-full flex-col gap-2" data-testid="book-actions">
      <button
        type="button"
        aria-pressed={starred}
        disabled={busy || star.isPending}
        onClick={() => star.mutate(!starred)}
        className={buttonClasses(starred ? "primary" : "secondary", "sm", "w-full")}
        data-testid="star-button"
      >
        <Star aria-hidden="true" className={`size-4 ${starred ? "fill-current" : ""}`} />
        {starred ? "Starred" : "Star this book"}
      </button>
      <div className="flex flex-col gap-1">
        <label htmlFor={listId} className="sr-only">
          Shelf
        </label>
        <select
          id={listId}
          value={state.data?.list ?? ""}
          disabled={busy || shelf.isPending}
          onChange={(event) => shelf.mutate((event.target.value || null) as SystemList | null)}
          className="h-9 w-full rounded-full border border-line-strong bg-surface px-3 text-ink text-sm"
          data-testid="list-select"
        >
          <option value="">Not on a shelf</option>
          {(Object.keys(LIST_LABELS) as SystemList[]).map((list) => (
            <option key={list} value={list}>
              {LIST_LABELS[list]}
            </option>
          ))}
        </select>
      </div>
      {scheduled ? (
        <LaunchReminderButton
          subscribed={subscribed}
          disabled={busy || reminder.isPending}
          onToggle={() => reminder.mutate(!subscribed)}
        />
      ) : null}
      {scheduled && subscribed && reminder.isSuccess && session.user ? (
        <PushOptInOffer userId={session.user.id} />
      ) : null}
      <SavedOfflineHint answers={[star.data, shelf.data]} />
      {failure ? <FormAlert>{errorMessage(failure)}</FormAlert> : null}
    </div>
  );
}

/**
 * The launch reminder toggle of the book page, an author's profile and the home's coming-soon row. Where the book
 * is not the page's subject (a row of cards), its title goes into the accessible name.
 */
export function LaunchReminderButton({
  subscribed,
  disabled,
  onToggle,
  bookTitle,
  primary = false,
}: {
  subscribed: boolean;
  disabled: boolean;
  onToggle: () => void;
  bookTitle?: string;
  primary?: boolean;
}) {
  // In a card the row says the books are coming; the accessible name must still contain the visible words.
  const label = subscribed ? "Don't notify me" : bookTitle ? "Notify me" : "Notify me at launch";
  return (
    <button
      type="button"
      aria-pressed={subscribed}
      aria-label={bookTitle ? `${label} when ${bookTitle} launches` : undefined}
      disabled={disabled}
      onClick={onToggle}
      className={buttonClasses(primary && !subscribed ? "primary" : "secondary", "sm", "w-full")}
      data-testid="launch-subscription"
    >
      {subscribed ? <BellOff aria-hidden="true" className="size-4" /> : <Bell aria-hidden="true" className="size-4" />}
      {label}
    </button>
  );
}
