import type { ReaderSettings } from "@quire/core";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { api } from "../../lib/api-client";
import { staleAfterVisit } from "../../ssr-state";

/** A burst of steps (text size up, up, up) makes one save. */
const SAVE_DELAY_MS = 500;

export function accountReaderSettingsQuery() {
  return queryOptions({
    queryKey: ["reader", "settings"] as const,
    queryFn: async ({ signal }) => (await api("me.readerSettings", { signal })).settings,
    staleTime: staleAfterVisit,
  });
}

/**
 * A signed-in reader's settings follow the account: the stored ones are applied once they arrive
 * (unless the reader already changed something on this device meanwhile), and every change is saved.
 * Returns the save; it does nothing for visitors, whose settings stay in this browser only.
 */
export function useAccountReaderSettings(
  signedIn: boolean,
  apply: (settings: ReaderSettings) => void,
): (settings: ReaderSettings) => void {
  const queryClient = useQueryClient();
  const stored = useQuery({ ...accountReaderSettingsQuery(), enabled: signedIn });
  const changedHere = useRef(false);
  const pending = useRef<ReaderSettings | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestApply = useRef(apply);
  latestApply.current = apply;

  useEffect(() => {
    if (stored.data && !changedHere.current) latestApply.current(stored.data);
  }, [stored.data]);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const settings = pending.current;
    pending.current = null;
    if (!settings) return;
    queryClient.setQueryData(accountReaderSettingsQuery().queryKey, settings);
    // A failed save keeps the choice on this device; the next change tries again.
    api("me.updateReaderSettings", { body: settings }).catch(() => undefined);
  }, [queryClient]);

  useEffect(() => flush, [flush]);

  return useCallback(
    (settings: ReaderSettings) => {
      changedHere.current = true;
      if (!signedIn) return;
      pending.current = settings;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY_MS);
    },
    [signedIn, flush],
  );
}
