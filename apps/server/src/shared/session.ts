import fastifyCookie from "@fastify/cookie";
import { API_PATHS, AppError, type ErrorKey, SESSION_COOKIE_NAME, SESSION_TTL_DAYS } from "@quire/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export interface Viewer {
  userId: string;
  sessionHash: string;
}

/** What turns a session token into its viewer: the accounts' service. */
export interface SessionResolver {
  resolveSession(token: string): Promise<Viewer | undefined>;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. */
    viewer: Viewer | null;
  }
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** Origins of the native shell, trusted like the site's own (Capacitor serves the app from these). */
const NATIVE_ORIGINS = new Set(["capacitor://localhost", "https://localhost", "ionic://localhost"]);
const NATIVE_ALLOWED_HEADERS =
  "Authorization, Content-Type, Accept, Tus-Resumable, Upload-Length, Upload-Offset, Upload-Metadata";
const TUS_EXPOSED_HEADERS = "Location, Upload-Offset, Upload-Length, Tus-Resumable, Upload-Expires";

function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice("Bearer ".length).trim() || undefined;
  return request.cookies[SESSION_COOKIE_NAME];
}

/** Secure outside localhost (SPEC §9 cookie rules): plain http on localhost must still work in development. */
export function isSecureContext(request: FastifyRequest): boolean {
  return request.protocol === "https" || !LOCAL_HOSTS.has(request.hostname);
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE_NAME, token, {
    httpOnly: true,
    secure: isSecureContext(request),
    sameSite: "lax",
    path: "/",
    maxAge: SESSION_TTL_DAYS * 24 * 60 * 60,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE_NAME, {
    path: "/",
    httpOnly: true,
    secure: isSecureContext(request),
    sameSite: "lax",
  });
}

/** The signed-in viewer or the given catalogue error ("No user logged in.", "Please login!"). */
export function requireViewer(request: FastifyRequest, error: ErrorKey = "noSession"): Viewer {
  if (!request.viewer) throw AppError.of(error);
  return request.viewer;
}

/**
 * A preValidation hook for routes that need a session: a visitor gets the login message before what they
 * sent is validated, so a malformed body never answers a visitor with a 400 instead (SPEC §4, §8).
 */
export function requireSessionFirst(error: ErrorKey = "noSession", options: { except?: readonly string[] } = {}) {
  const openToVisitors = new Set(options.except);
  return async (request: FastifyRequest) => {
    if (!openToVisitors.has(request.routeOptions.url ?? "")) requireViewer(request, error);
  };
}

/** The signed-in viewer behind the request's cookie or bearer token, or null. */
export async function resolveViewer(request: FastifyRequest, auth: SessionResolver): Promise<Viewer | null> {
  const token = sessionTokenOf(request);
  return token ? ((await auth.resolveSession(token)) ?? null) : null;
}

/**
 * CORS for the native shell only: its pages live on another origin and send the bearer token, never cookies,
 * so no credentials are allowed. True when the request is a preflight, answered by the caller with 204.
 */
function allowNativeOrigin(request: FastifyRequest, reply: FastifyReply): boolean {
  const origin = request.headers.origin;
  if (!origin || !NATIVE_ORIGINS.has(origin)) return false;
  // The tus headers too: resumable uploads read Location and Upload-Offset from their answers.
  reply
    .header("access-control-allow-origin", origin)
    .header("vary", "Origin")
    .header("access-control-expose-headers", TUS_EXPOSED_HEADERS);
  if (request.method !== "OPTIONS" || !request.headers["access-control-request-method"]) return false;
  reply
    .header("access-control-allow-methods", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")
    .header("access-control-allow-headers", NATIVE_ALLOWED_HEADERS)
    .header("access-control-max-age", "600");
  return true;
}

/**
 * Resolves the session of every request that carries one (cookie for the web, bearer token for the
 * native app), and refuses state-changing API calls from other sites' pages.
 */
export async function registerSessions(app: FastifyInstance, auth: SessionResolver): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest("viewer", null);

  app.addHook("onRequest", async (request, reply) => {
    if (request.url.startsWith("/api/") && allowNativeOrigin(request, reply)) return reply.code(204).send();
  });

  app.addHook("onRequest", async (request) => {
    // Pages and assets need no session: resolving one for every script a browser fetches would cost a query each.
    if (!request.url.startsWith("/api/")) return;
    const unsafe = request.method !== "GET" && request.method !== "HEAD" && request.method !== "OPTIONS";
    // Apple posts its answer from its own site (form_post); the flow's state protects that route instead.
    if (unsafe && request.routeOptions.url !== API_PATHS["auth.socialCallback"]) {
      const origin = request.headers.origin;
      const own = `${request.protocol}://${request.host}`;
      if (origin && origin !== own && !NATIVE_ORIGINS.has(origin)) throw AppError.of("crossSiteRequest");
    }
    request.viewer = await resolveViewer(request, auth);
  });

  // An answer to a request with credentials may be personal: no cache may keep it for someone else.
  // Routes whose answer is the same for everyone (a book's files) say `public` themselves.
  app.addHook("onSend", async (request, reply, payload) => {
    const cacheControl = String(reply.getHeader("cache-control") ?? "");
    if (request.url.startsWith("/api/") && sessionTokenOf(request) && !cacheControl.startsWith("public")) {
      reply.header("cache-control", "private, no-store");
    }
    return payload;
  });
}
