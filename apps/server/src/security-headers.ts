import type { FastifyInstance } from "fastify";

/** Files people upload or the server generates may be opened directly: they must never run anything. */
export const FILES_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

export interface SecurityHeaderOptions {
  secure: boolean;
  thirdParty?: { script?: string[]; frame?: string[] };
}

/**
 * The app's security headers (ASVS V3/V14): a Content-Security-Policy with no inline or remote
 * script, no framing, no MIME sniffing, isolated browsing context. Computed once at start-up:
 * they never vary per request, and building them per request cost more than a catalogue lookup.
 * `thirdParty` names the only remote scripts and frames allowed: a configured reCAPTCHA or Turnstile.
 */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const { script = [], frame = [] } = options.thirdParty ?? {};
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", ...script].join(" "),
    ...(frame.length > 0 ? [`frame-src ${frame.join(" ")}`] : []),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.secure ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
  return {
    "content-security-policy": csp,
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "origin-agent-cluster": "?1",
    "referrer-policy": "strict-origin-when-cross-origin",
    "strict-transport-security": "max-age=31536000; includeSubDomains",
    "x-content-type-options": "nosniff",
    "x-dns-prefetch-control": "off",
    "x-frame-options": "DENY",
    "x-permitted-cross-domain-policies": "none",
    "x-xss-protection": "0",
  };
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const headers = securityHeaders(options);
  app.addHook("onRequest", async (_request, reply) => {
    reply.headers(headers);
  });
}
