import type { ReaderSettings } from "@quire/core";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { useTheme } from "../../lib/theme-provider";
import { useHydrated } from "../../lib/use-hydrated";
import { useSession } from "../auth";
import { accountReaderSettingsQuery, useAccountReaderSettings } from "./account-reader-settings";
import { defaultReaderSettings, readReaderSettings, writeReaderSettings } from "./reader-settings";

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * What the server renders for a visitor, and so what hydration renders too: it cannot read this browser's
 * choices. A signed-in reader's page is rendered with their account's settings, which came with it.
 */
const SERVER_SETTINGS = defaultReaderSettings("light");

/**
 * The reader's settings: this browser's at once (right after hydration on a server-rendered page), then
 * the account's for a signed-in reader; every change the reader makes is written to both.
 */
export function useReaderSettings(): [ReaderSettings, (change: Partial<ReaderSettings>) => void] {
  const { resolved } = useTheme();
  const session = useSession();
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<ReaderSettings | null>(null);
  const signedIn = session.status === "signed-in";
  const account = useQuery({ ...accountReaderSettingsQuery(), enabled: signedIn }).data;
  const stored = useMemo(
    () => (hydrated ? readReaderSettings(browserStorage(), resolved) : (account ?? SERVER_SETTINGS)),
    [hydrated, resolved, account],
  );
  const settings = chosen ?? stored;
  const current = useRef(settings);
  current.current = settings;
  const show = useCallback((next: ReaderSettings) => {
    current.current = next;
    writeReaderSettings(browserStorage(), next);
    setChosen(next);
  }, []);
  const save = useAccountReaderSettings(signedIn, show);
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
