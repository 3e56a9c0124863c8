import type { FastifyRequest } from "fastify";

/**
 * Route config for @fastify/rate-limit (registered once by buildApp with `global: false`) that counts
 * per signed-in user rather than per IP: one account cannot spread its requests over addresses, and
 * people behind one NAT do not share a budget. Requests without a session fall back to their IP (they
 * are refused anyway). Counts live in the app's one store: this process's, or Redis shared by all.
 */
export function perUserRateLimit(max: number, timeWindow = "1 minute") {
  return {
    rateLimit: {
      max,
      timeWindow,
      keyGenerator: (request: FastifyRequest) =>
        request.viewer ? `user:${request.viewer.userId}` : `ip:${request.ip}`,
    },
  };
}
