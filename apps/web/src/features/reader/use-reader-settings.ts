import { useCallback, useState } from "react";
import { useTheme } from "../../lib/theme-provider";
import { type ReaderSettings, readReaderSettings, writeReaderSettings } from "./reader-settings";

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The reader's settings, read once from this browser and written back on every change the reader makes. */
export function useReaderSettings(): [ReaderSettings, (change: Partial<ReaderSettings>) => void] {
  const { resolved } = useTheme();
  const [settings, setSettings] = useState(() => readReaderSettings(browserStorage(), resolved));
  const update = useCallback((change: Partial<ReaderSettings>) => {
    setSettings((current) => {
      const next = { ...current, ...change };
      // Idempotent, so harmless if React calls the updater twice.
      writeReaderSettings(browserStorage(), next);
      return next;
    });
  }, []);
  return [settings, update];
}
