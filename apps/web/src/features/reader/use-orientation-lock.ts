import { useEffect, useState } from "react";
import {
  applyOrientationLock,
  canLockOrientation,
  ORIENTATION_LOCKS,
  type OrientationLock,
} from "../../lib/native/screen";

/**
 * "Lock rotation" belongs to the device, not the account: a portrait lock chosen on a phone would be
 * wrong on a tablet on its stand, and a desktop cannot lock at all. So it stays in this browser.
 */
export const ORIENTATION_LOCK_KEY = "quire.reader.orientation";

function readLock(): OrientationLock {
  try {
    const stored = window.localStorage.getItem(ORIENTATION_LOCK_KEY);
    return ORIENTATION_LOCKS.find((lock) => lock === stored) ?? "any";
  } catch {
    return "any";
  }
}

export interface RotationSetting {
  lock: OrientationLock;
  onChange(lock: OrientationLock): void;
}

/**
 * The reader's rotation lock, applied while the reader is open and released on leaving it; null where
 * none applies (not a mobile user agent). A browser grants a lock only in full screen, so it is asked
 * again each time full screen changes. Read after mounting, so a server-rendered page matches its first render.
 */
export function useOrientationLock(): RotationSetting | null {
  const [offered, setOffered] = useState(false);
  const [lock, setLock] = useState<OrientationLock>("any");
  useEffect(() => {
    setOffered(canLockOrientation());
    setLock(readLock());
  }, []);
  useEffect(() => {
    if (lock === "any") return;
    const apply = () => void applyOrientationLock(lock);
    apply();
    document.addEventListener("fullscreenchange", apply);
    return () => {
      document.removeEventListener("fullscreenchange", apply);
      void applyOrientationLock("any");
    };
  }, [lock]);
  const choose = (next: OrientationLock) => {
    try {
      window.localStorage.setItem(ORIENTATION_LOCK_KEY, next);
    } catch {
      // Blocked storage: the lock lasts for this visit only.
    }
    setLock(next);
  };
  return offered ? { lock, onChange: choose } : null;
}
