import { useCallback, useEffect, useRef, useState } from "react";

export type SaveStatus = "saved" | "pending" | "saving" | "error";

export interface Autosave {
  status: SaveStatus;
  error: unknown;
  /** Saves now whatever is unsaved (the Retry button, and leaving the page). */
  flush(): Promise<void>;
}

/**
 * Saves `value` `delayMs` after it last changed. One save runs at a time: a change made while a
 * save is on its way is saved right after it, so the last text typed is always the one stored.
 * Whatever is unsaved when the editor closes is saved then.
 */
export function useAutosave<T>(
  value: T,
  save: (value: T) => Promise<void>,
  options: { delayMs?: number; isEqual?: (a: T, b: T) => boolean } = {},
): Autosave {
  const { delayMs = 800, isEqual = Object.is } = options;
  const [status, setStatus] = useState<SaveStatus>("saved");
  const [error, setError] = useState<unknown>(null);
  const saved = useRef(value);
  const latest = useRef(value);
  latest.current = value;
  const saveRef = useRef(save);
  saveRef.current = save;
  const equal = useRef(isEqual);
  equal.current = isEqual;
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    for (;;) {
      if (inFlight.current) {
        await inFlight.current.catch(() => undefined);
        continue;
      }
      const next = latest.current;
      if (equal.current(next, saved.current)) {
        setStatus("saved");
        return;
      }
      setStatus("saving");
      const attempt = saveRef.current(next);
      inFlight.current = attempt;
      try {
        await attempt;
        saved.current = next;
        setError(null);
      } catch (failure) {
        setError(failure);
        setStatus("error");
        return;
      } finally {
        inFlight.current = null;
      }
    }
  }, []);

  useEffect(() => {
    if (equal.current(value, saved.current)) return;
    setStatus((current) => (current === "saving" ? current : "pending"));
    timer.current = setTimeout(() => void flush(), delayMs);
    return () => clearTimeout(timer.current);
  }, [value, delayMs, flush]);

  useEffect(
    () => () => {
      if (!equal.current(latest.current, saved.current)) void flush();
    },
    [flush],
  );

  return { status, error, flush };
}
