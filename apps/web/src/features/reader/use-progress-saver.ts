import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
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
        onSaved: (answer) => queryClient.setQueryData(readerKeys.progress(bookId), answer),
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
