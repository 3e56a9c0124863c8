import type { ReaderSettings } from "@quire/core";
import { useCallback, useRef, useState } from "react";
import { useTheme } from "../../lib/theme-provider";
import { useSession } from "../auth";
import { useAccountReaderSettings } from "./account-reader-settings";
import { readReaderSettings, writeReaderSettings } from "./reader-settings";

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The reader's settings: this browser's at once, then the account's for a signed-in reader; every
 * change the reader makes is written to both.
 */
export function useReaderSettings(): [ReaderSettings, (change: Partial<ReaderSettings>) => void] {
  const { resolved } = useTheme();
  const session = useSession();
  const [settings, setSettings] = useState(() => readReaderSettings(browserStorage(), resolved));
  const current = useRef(settings);
  const show = useCallback((next: ReaderSettings) => {
    current.current = next;
    writeReaderSettings(browserStorage(), next);
    setSettings(next);
  }, []);
  const save = useAccountReaderSettings(session.status === "signed-in", show);
  const update = useCallback(
    (change: Partial<ReaderSettings>) => {
      const next = { ...current.current, ...change };
      show(next);
      save(next);
    },
    [show, save],
  );
  return [settings, update];
}
