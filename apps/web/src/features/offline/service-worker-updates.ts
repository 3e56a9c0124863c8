import { SERVICE_WORKER_URL } from "../push";

/**
 * Registers the worker for everyone (offline reading needs it, not only push) and calls `onWaiting` when a new
 * version has installed behind the one in control: the page then offers to reload into it. A first install
 * has nothing in control and takes over by itself, so it is never offered. Returns a stop function.
 */
export function watchForUpdates(onWaiting: (worker: ServiceWorker) => void): () => void {
  const container = navigator.serviceWorker;
  let registration: ServiceWorkerRegistration | undefined;
  let stopped = false;
  const offer = (worker: ServiceWorker | null) => {
    if (worker && container.controller && !stopped) onWaiting(worker);
  };
  const watchInstalling = () => {
    const worker = registration?.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
    });
  };
  // A tab left open for days still hears of a deploy when the reader comes back to it.
  const checkAgain = () => {
    if (document.visibilityState === "visible") void registration?.update().catch(() => undefined);
  };
  container
    .register(SERVICE_WORKER_URL, { scope: "/" })
    .then((registered) => {
      if (stopped) return;
      registration = registered;
      offer(registered.waiting);
      registered.addEventListener("updatefound", watchInstalling);
      document.addEventListener("visibilitychange", checkAgain);
    })
    .catch((error: unknown) => console.warn("Service worker not registered", error));
  return () => {
    stopped = true;
    registration?.removeEventListener("updatefound", watchInstalling);
    document.removeEventListener("visibilitychange", checkAgain);
  };
}

/** Lets the waiting version take over and reloads the page into it once it has. */
export function applyUpdate(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
  worker.postMessage({ type: "SKIP_WAITING" });
}
