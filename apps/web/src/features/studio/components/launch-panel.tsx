import type { StudioBook } from "@quire/core";
import { useMutation } from "@tanstack/react-query";
import { CalendarClock, type LucideIcon, Rocket } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/button";
import { FormAlert } from "../../../components/form-alert";
import { SubmitButton } from "../../../components/submit-button";
import { errorMessage } from "../../../lib/errors";
import { formatDateTime, pluralize } from "../../../lib/format";
import { LaunchCountdown } from "../../catalog/components/launch-countdown";
import { useStoreBook } from "../queries";
import { studioApi } from "../studio-api";
import { ConfirmAction } from "./confirm-action";

/** `YYYY-MM-DDTHH:mm` in the browser's time zone, as datetime-local inputs read and write. */
export function toLocalInputValue(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** Tomorrow at the next full hour: a sensible first suggestion. */
function suggestedLaunch(now: Date): string {
  const next = new Date(now.getTime() + 24 * 3_600_000);
  next.setMinutes(0, 0, 0);
  return toLocalInputValue(new Date(next.getTime() + 3_600_000));
}

/**
 * Scheduling (a date in the future, previewed as the countdown readers will see) and launching
 * now (after a confirmation: every subscriber is notified, and it cannot be undone).
 */
export function LaunchPanel({ studioBook }: { studioBook: StudioBook }) {
  const { book } = studioBook;
  const id = useId();
  const storeBook = useStoreBook();
  const [when, setWhen] = useState(() =>
    book.status === "scheduled" && book.launchedDate
      ? toLocalInputValue(new Date(book.launchedDate))
      : suggestedLaunch(new Date()),
  );
  const [dateError, setDateError] = useState<string>();
  const schedule = useMutation({ mutationFn: (iso: string) => studioApi.schedule(book.id, iso), onSuccess: storeBook });
  const launch = useMutation({
    mutationFn: () => studioApi.launch(book.id),
    onSuccess: (answer) => storeBook(answer.book),
  });
  const chosen = when ? new Date(when) : undefined;
  const chosenIso = chosen && !Number.isNaN(chosen.getTime()) ? chosen.toISOString() : undefined;
  const noChapters = studioBook.chapters.length === 0;

  if (book.status === "launched") {
    return (
      <Panel id={id} icon={Rocket} title="Launched" className="gap-3">
        <p className="text-ink-muted" data-testid="launch-state">
          Launched {book.launchedDate ? formatDateTime(book.launchedDate) : ""}.{" "}
          {launch.data ? `${pluralize(launch.data.notifiedSubscribers, "subscriber")} notified.` : ""}
        </p>
        {book.display ? (
          <Link to={`/books/${book.id}`} className={buttonClasses("secondary", "sm", "self-start")}>
            View the book page
          </Link>
        ) : null}
      </Panel>
    );
  }

  const onSchedule = (event: FormEvent) => {
    event.preventDefault();
    if (schedule.isPending) return;
    if (!chosenIso || new Date(chosenIso).getTime() <= Date.now()) {
      setDateError("Choose a launch date in the future.");
      return;
    }
    setDateError(undefined);
    schedule.mutate(chosenIso);
  };

  return (
    <Panel id={id} icon={CalendarClock} title="Launch" className="gap-5">
      <p className="text-ink-muted text-sm" data-testid="launch-state">
        {book.status === "scheduled" && book.launchedDate
          ? `Scheduled for ${formatDateTime(book.launchedDate)}. It launches by itself then; readers can subscribe until it does.`
          : "Not scheduled. Pick a date to announce it, or launch it now."}
      </p>
      {noChapters ? (
        <FormAlert tone="info">Write at least one chapter before scheduling or launching.</FormAlert>
      ) : null}
      <form noValidate onSubmit={onSchedule} aria-label="Schedule the launch" className="flex flex-col gap-4">
        {schedule.isError ? <FormAlert>{errorMessage(schedule.error)}</FormAlert> : null}
        {schedule.isSuccess ? <FormAlert tone="success">Launch scheduled.</FormAlert> : null}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-date`} className="font-medium text-ink text-sm">
            Launch date and time
          </label>
          <input
            id={`${id}-date`}
            type="datetime-local"
            value={when}
            min={toLocalInputValue(new Date())}
            onChange={(event) => setWhen(event.target.value)}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? `${id}-date-error` : undefined}
            className="h-11 w-full max-w-xs rounded-lg border border-line-strong bg-surface px-3 text-base text-ink shadow-sm"
          />
          {dateError ? (
            <p id={`${id}-date-error`} className="text-danger text-sm">
              {dateError}
            </p>
          ) : null}
        </div>
        {chosenIso && new Date(chosenIso).getTime() > Date.now() ? (
          <div className="flex flex-col gap-2">
            <p className="text-ink-muted text-xs">Readers will see:</p>
            <LaunchCountdown launchedDate={chosenIso} />
          </div>
        ) : null}
        <SubmitButton
          pending={schedule.isPending}
          pendingLabel="Scheduling…"
          variant="secondary"
          className="self-start"
          testId="schedule-launch"
        >
          {book.status === "scheduled" ? "Change launch date" : "Schedule launch"}
        </SubmitButton>
      </form>
      <div className="flex flex-col items-start gap-2 border-line border-t pt-4">
        {launch.isError ? <FormAlert>{errorMessage(launch.error)}</FormAlert> : null}
        <ConfirmAction
          variant="primary"
          label={
            <>
              <Rocket aria-hidden="true" className="size-4" />
              Launch now
            </>
          }
          question="Launch now? Every subscriber is notified, and it cannot be undone."
          confirmLabel="Launch"
          pending={launch.isPending}
          onConfirm={() => launch.mutate()}
          testId="launch-now"
        />
      </div>
    </Panel>
  );
}

/** The panel's card, before and after launch: a titled section with the state's icon. */
function Panel({
  id,
  icon: Icon,
  title,
  className,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`flex flex-col rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-7 ${className}`}
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold font-serif text-ink text-xl">
        <Icon aria-hidden="true" className="size-5 text-accent" />
        {title}
      </h2>
      {children}
    </section>
  );
}
