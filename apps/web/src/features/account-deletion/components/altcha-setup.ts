import "altcha/external";
import "altcha/altcha.css";
import "./altcha-theme.css";
import type { CaptchaChallenge } from "@quire/core";
import { apiPath } from "@quire/core/api-paths";
import ShaWorker from "altcha/workers/sha?worker";

/*
 * ALTCHA's widget without its bundled extras, so the app's CSP holds as it is: `altcha/external`
 * carries no inline workers (its default bundle starts them from blob: URLs, which `script-src 'self'`
 * refuses) and no injected stylesheet; the SHA worker is our own same-origin file built by Vite, and
 * the stylesheet ships with this chunk. The server's challenges use SHA-256 only.
 */
globalThis.$altcha.algorithms.set("SHA-256", () => new ShaWorker());

/** Quire's challenge endpoint wraps the challenge (`{ kind, challenge }`); the widget wants it bare. */
async function fetchBareChallenge(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  if (!response.ok) return response;
  const body = (await response.json()) as CaptchaChallenge;
  return body.kind === "altcha" ? Response.json(body.challenge) : new Response(null, { status: 409 });
}

globalThis.$altcha.defaults.set({
  challenge: apiPath("captcha.challenge"),
  fetch: fetchBareChallenge,
  // The pointer-movement collector only serves ALTCHA's hosted service; Quire does not ask for it.
  humanInteractionSignature: false,
  hideFooter: true,
});
