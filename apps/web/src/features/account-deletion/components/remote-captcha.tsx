import { useEffect, useRef, useState } from "react";
import { FormAlert } from "../../../components/form-alert";

type RemoteKind = "recaptcha" | "turnstile";

interface WidgetOptions {
  sitekey: string;
  theme: "light" | "dark";
  callback(token: string): void;
  "expired-callback"(): void;
  "error-callback"(): void;
}

/** The part of each service's browser API used here (reCAPTCHA v2 checkbox, Turnstile explicit rendering). */
declare global {
  interface Window {
    grecaptcha?: { ready(callback: () => void): void; render(element: HTMLElement, options: WidgetOptions): number };
    turnstile?: { render(element: HTMLElement, options: WidgetOptions): string; remove(widgetId: string): void };
  }
}

/**
 * Their scripts, loaded only when that captcha is configured. The server then allows exactly these
 * origins in its CSP (script-src and frame-src, see apps/server/src/infra/captcha/captcha.ts).
 */
const SCRIPTS: Record<RemoteKind, string> = {
  recaptcha: "https://www.google.com/recaptcha/api.js?render=explicit",
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit",
};

const loading = new Map<string, Promise<void>>();

function loadScript(kind: RemoteKind): Promise<void> {
  const ready = kind === "recaptcha" ? window.grecaptcha : window.turnstile;
  if (ready) return Promise.resolve();
  const src = SCRIPTS[kind];
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`Could not load ${src}`));
      };
      document.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

/** reCAPTCHA or Turnstile, rendered into a box of ours; `onToken` as for ALTCHA. */
export function RemoteCaptcha({
  kind,
  siteKey,
  onToken,
}: {
  kind: RemoteKind;
  siteKey: string;
  onToken(token: string | null): void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let removeWidget = () => {};
    const options: WidgetOptions = {
      sitekey: siteKey,
      theme: document.documentElement.classList.contains("dark") ? "dark" : "light",
      callback: (token) => onToken(token),
      "expired-callback": () => onToken(null),
      "error-callback": () => onToken(null),
    };
    loadScript(kind).then(
      () => {
        const element = ref.current;
        if (cancelled || !element) return;
        if (kind === "turnstile" && window.turnstile) {
          const id = window.turnstile.render(element, options);
          removeWidget = () => window.turnstile?.remove(id);
        } else {
          window.grecaptcha?.ready(() => {
            if (!cancelled) window.grecaptcha?.render(element, options);
          });
        }
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      removeWidget();
    };
  }, [kind, siteKey, onToken]);

  if (failed) {
    return <FormAlert>The check could not be loaded. Check your connection, then reload the page.</FormAlert>;
  }
  return <div ref={ref} className="min-h-[78px]" data-testid={`${kind}-widget`} />;
}
