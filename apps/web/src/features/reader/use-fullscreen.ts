import { useCallback, useEffect, useState } from "react";
import { isNativeApp } from "../../lib/native/platform";

/**
 * The Fullscreen API for the whole reader (phones lose the browser's bars too). Not offered where the
 * browser has none for pages (iPhone Safari), rather than a button that does nothing, nor in the app,
 * whose reader is immersive already (`enterImmersive`).
 */
export function useFullscreen() {
  const supported = typeof document !== "undefined" && document.fullscreenEnabled === true && !isNativeApp();
  const [active, setActive] = useState(() => typeof document !== "undefined" && !!document.fullscreenElement);
  useEffect(() => {
    const onChange = () => setActive(!!document.fullscreenElement);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void document.documentElement.requestFullscreen({ navigationUI: "hide" }).catch(() => {});
  }, []);
  return { supported, active, toggle };
}
