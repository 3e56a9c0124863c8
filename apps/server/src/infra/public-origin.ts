import type { FastifyRequest } from "fastify";

/** The origin absolute links are built on: emailed links, Open Graph URLs, OAuth redirect URIs. */
export type PublicOrigin = (request: FastifyRequest) => string;

const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * A Host header is the caller's to choose, so a link built from it sends a reset token wherever the caller
 * likes. With a configured public URL every link uses it; without one (development and tests only — production
 * refuses to start) the request's own origin is used only for loopback names and explicitly allowed hosts,
 * anything else gets this server's listen origin.
 */
export function publicOriginResolver(options: {
  publicUrl: string | undefined;
  allowedHosts: readonly string[];
  port: number;
}): PublicOrigin {
  const { publicUrl } = options;
  if (publicUrl) return () => publicUrl;
  const allowed = new Set(options.allowedHosts.map((host) => host.toLowerCase()));
  const listenOrigin = `http://localhost:${options.port}`;
  return (request) => {
    const host = request.host.toLowerCase();
    const hostname = request.hostname.toLowerCase();
    const trusted = LOOPBACK_HOSTNAMES.has(hostname) || allowed.has(host) || allowed.has(hostname);
    return trusted ? `${request.protocol}://${host}` : listenOrigin;
  };
}
