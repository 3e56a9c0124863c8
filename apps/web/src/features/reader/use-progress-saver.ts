import type { BookProgressResponse } from "@quire/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { SESSION_QUERY_KEY } from "../../lib/session-state";
import { catalogKeys } from "../catalog";
import { libraryKeys } from "../library";
import { ProgressSaver } from "./progress-saver";
import { readerKeys } from "./reader-queries";

/**
 * One saver per book while the reader is open: it saves when the page is hidden or left (pagehide
 * and visibilitychange, with keepalive; phones often never fire pagehide) and when the reader
 * closes inside the app.
 */
export function useProgressSaver(bookId: string, options: { canSave(): boolean; onSignInNeeded(): void }) {
  const queryClient = useQueryClient();
  const latest = useRef(options);
  latest.current = options;
  const [saver] = useState(
    () =>
      new ProgressSaver({
        bookId,
        canSave: () => latest.current.canSave(),
        onSignInNeeded: () => latest.current.onSignInNeeded(),
        onSaved: (answer) => {
          const before = queryClient.getQueryData<BookProgressResponse | null>(readerKeys.progress(bookId));
          queryClient.setQueryData(readerKeys.progress(bookId), answer);
          // The library shows the same figure (refetched when next shown); a finish also moves the book's
          // counters and the shelves.
          void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
          if (answer.progress?.isRead && !before?.progress?.isRead) {
            void queryClient.invalidateQueries({ queryKey: catalogKeys.book(bookId), exact: true });
            void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
          }
        },
      }),
  );
  useEffect(() => {
    const onPageHide = () => void saver.flush(true);
    const onVisibilityChange = () => {
      if (document.visibilityState === "hidden") void saver.flush(true);
    };
    window.addEventListener("pagehide", onPageHide);
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      document.removeEventListener("visibilitychange", onVisibilityChange);
      void saver.flush();
    };
  }, [saver]);
  return saver;
}
