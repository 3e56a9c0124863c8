import type { ReadingProgress } from "@quire/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BookCheck, RotateCcw } from "lucide-react";
import { type ReactNode, useState } from "react";
import { buttonClasses } from "../../components/button";
import { FormAlert } from "../../components/form-alert";
import { ReaderSheet } from "../../components/reader-sheet";
import { track } from "../../lib/analytics";
import { api } from "../../lib/api-client";
import { errorMessage } from "../../lib/errors";
import { SESSION_QUERY_KEY } from "../../lib/session-state";
import { catalogKeys } from "../catalog";
import { libraryKeys } from "../library";
import { progressQuery, readerKeys } from "./reader-queries";

type ProgressAction = "finish" | "start-over";

/**
 * "Mark as finished" and "Start over". The answer becomes the book's progress at once; the book's
 * counters, the shelves and "continue reading" are fetched again, since the action moved them.
 */
export function useProgressAction(bookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ProgressAction) =>
      api(action === "finish" ? "progress.finish" : "progress.startOver", {
        params: { id: bookId },
        // Stamped now, so a save of an earlier place still on its way cannot undo the action.
        body: { readAt: new Date().toISOString() },
      }),
    onSuccess: (answer, action) => {
      if (action === "finish") track("finish_book");
      queryClient.setQueryData(readerKeys.progress(bookId), answer);
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.book(bookId), exact: true });
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}

/** A finished book sitting at its end: there is nothing left to mark, only a new start. */
export const isFinishedAtEnd = (progress: ReadingProgress | null | undefined) =>
  !!progress?.isRead && progress.progress === 100;

/**
 * The two actions on a book's progress, for a signed-in reader. Starting over forgets the place and
 * the finished mark, so it asks once more before it does.
 */
export function ProgressActions({
  bookId,
  progress,
  onStartedOver,
}: {
  bookId: string;
  progress: ReadingProgress | null | undefined;
  onStartedOver?(): void;
}) {
  const action = useProgressAction(bookId);
  const [confirming, setConfirming] = useState(false);
  const run = (which: ProgressAction) =>
    action.mutate(which, {
      onSuccess: () => {
        setConfirming(false);
        if (which === "start-over") onStartedOver?.();
      },
    });

  return (
    <div className="flex w-full flex-col gap-2" data-testid="progress-actions">
      {confirming ? (
        <div className="flex flex-col gap-2 rounded-xl border border-line bg-sunken p-3 text-sm">
          <p className="text-ink">
            Start over from the beginning? Your place{progress?.isRead ? " and finished mark" : ""} will be cleared.
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClasses("primary", "sm", "grow whitespace-nowrap")}
              disabled={action.isPending}
              onClick={() => run("start-over")}
            >
              Start over
            </button>
            <button
              type="button"
              className={buttonClasses("secondary", "sm", "grow whitespace-nowrap")}
              disabled={action.isPending}
              onClick={() => setConfirming(false)}
            >
              Keep my place
            </button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap justify-center gap-2">
          {isFinishedAtEnd(progress) ? null : (
            <button
              type="button"
              className={buttonClasses("ghost", "sm")}
              disabled={action.isPending}
              onClick={() => run("finish")}
            >
              <BookCheck aria-hidden="true" className="size-4" />
              Mark as finished
            </button>
          )}
          {progress ? (
            <button
              type="button"
              className={buttonClasses("ghost", "sm")}
              disabled={action.isPending}
              onClick={() => setConfirming(true)}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              Start over
            </button>
          ) : null}
        </div>
      )}
      {action.isError ? <FormAlert>{errorMessage(action.error)}</FormAlert> : null}
    </div>
  );
}

/**
 * The reader's way to the same actions: its book figure (the children) opens a sheet with them. A
 * visitor has no progress to act on and sees the figure alone.
 */
export function ReaderProgressMenu({
  bookId,
  signedIn,
  onStartedOver,
  children,
}: {
  bookId: string;
  signedIn: boolean;
  onStartedOver(): void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const progress = useQuery({ ...progressQuery(bookId), enabled: signedIn && open });
  if (!signedIn) return <span className="shrink-0">{children}</span>;
  const saved = progress.data?.progress;
  return (
    <>
      <button
        type="button"
        title="Your progress: mark as finished or start over"
        aria-haspopup="dialog"
        className="-my-1 shrink-0 rounded px-1 py-1 underline decoration-dotted underline-offset-2 hover:text-ink"
        onClick={() => setOpen(true)}
      >
        {children}
      </button>
      <ReaderSheet
        open={open}
        onClose={() => setOpen(false)}
        title="Your progress"
        side="right"
        testId="progress-sheet"
      >
        <div className="flex flex-col gap-4 px-4 py-4">
          <p className="text-ink-muted text-sm" data-testid="progress-sheet-figure">
            {progress.isPending ? "…" : progressText(saved)}
          </p>
          {progress.isPending ? null : (
            <ProgressActions
              bookId={bookId}
              progress={saved}
              onStartedOver={() => {
                setOpen(false);
                onStartedOver();
              }}
            />
          )}
        </div>
      </ReaderSheet>
    </>
  );
}

/** How the book page and the reader's sheet word a reader's progress. */
export function progressText(progress: ReadingProgress | null | undefined): string {
  if (!progress) return "Not started yet";
  if (isFinishedAtEnd(progress)) return "Finished";
  return progress.isRead ? `${progress.progress}% read · finished before` : `${progress.progress}% read`;
}
