import { useEffect, useState } from "react";
import { offlineSupported } from "../download-manager";
import { applyUpdate, watchForUpdates } from "../service-worker-updates";
import { OfflineBanner } from "./offline-banner";
import { UpdatePrompt } from "./update-prompt";

/** What the app shell shows of offline reading (loaded lazily): the offline banner and the update prompt. */
export function OfflineShell() {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => (offlineSupported() ? watchForUpdates(setWaiting) : undefined), []);
  return (
    <>
      <OfflineBanner />
      {waiting ? <UpdatePrompt onReload={() => applyUpdate(waiting)} /> : null}
    </>
  );
}
