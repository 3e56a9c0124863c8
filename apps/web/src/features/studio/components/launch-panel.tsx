import { ScheduleLaunchSchema, type StudioBook } from "@quire/core";
import { ERRORS } from "@quire/core/errors";
import { useMutation } from "@tanstack/react-query";
import { CalendarClock, type LucideIcon, Rocket } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { FormAlert } from "../../../components/form-alert";
import { SubmitButton } from "../../../components/submit-button";
import { TextField } from "../../../components/text-field";
import { errorMessage } from "../../../lib/errors";
import { useFormErrors } from "../../../lib/form-errors";
import { formatDateTime, pluralize } from "../../../lib/format";
import { LaunchCountdown } from "../../catalog";
import { useStoreBook } from "../queries";
import { studioApi } from "../studio-api";
import { ConfirmAction } from "./confirm-action";
import { smallButton } from "./tap-target";

/** `YYYY-MM-DDTHH:mm` in the browser's time zone, as datetime-local inputs read and write. */
export function toLocalInputValue(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** Tomorrow at the next full hour: a sensible first suggestion. */
const LABELS = { launchDate: "Launch date and time" };

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
  const form = useFormErrors(LABELS);
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
          <Link to={`/books/${book.id}`} className={smallButton("secondary", "self-start")}>
            View the book page
          </Link>
        ) : null}
      </Panel>
    );
  }

  const onSchedule = (event: FormEvent) => {
    event.preventDefault();
    if (schedule.isPending) return;
    const body = form.check(ScheduleLaunchSchema, { launchDate: chosenIso ?? "" });
    if (!body) return;
    // The server refuses a date in the past too; saying so here spares the round trip.
    if (new Date(body.launchDate).getTime() <= Date.now()) {
      form.show({ launchDate: ERRORS.launchDateNotFuture.message });
      return;
    }
    schedule.mutate(body.launchDate, { onError: form.refuse });
  };
  const scheduleFailure = schedule.isError ? form.alert(schedule.error) : undefined;

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
        {scheduleFailure ? <FormAlert>{scheduleFailure}</FormAlert> : null}
        {schedule.isSuccess ? <FormAlert tone="success">Launch scheduled.</FormAlert> : null}
        <TextField
          {...form.field("launchDate")}
          label={LABELS.launchDate}
          type="datetime-local"
          value={when}
          min={toLocalInputValue(new Date())}
          onChange={(event) => setWhen(event.target.value)}
          className="max-w-xs"
        />
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
