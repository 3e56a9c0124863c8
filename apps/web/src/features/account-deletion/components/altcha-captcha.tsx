import "./altcha-setup";
import type {} from "altcha/types/react";
import { useEffect, useRef } from "react";

interface StateChange {
  state: string;
  payload: string | null;
}

/**
 * ALTCHA's "I'm not a robot" checkbox: checking it solves a proof of work in web workers. `onToken`
 * receives the payload to send once verified, and null whenever that answer stops being usable
 * (expired, failed, being redone).
 */
export function AltchaCaptcha({ onToken }: { onToken(token: string | null): void }) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const widget = ref.current;
    if (!widget) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChange>).detail;
      onToken(state === "verified" && payload ? payload : null);
    };
    widget.addEventListener("statechange", onStateChange);
    return () => widget.removeEventListener("statechange", onStateChange);
  }, [onToken]);

  return <altcha-widget ref={ref} type="checkbox" data-testid="altcha-widget" />;
}
