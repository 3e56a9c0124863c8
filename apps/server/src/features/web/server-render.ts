import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyRequest, HTTPMethods } from "fastify";

/** What apps/web/src/entry-server.tsx renders (declared here: the server does not import the web's sources). */
export interface RenderedPage {
  status: number;
  html: string;
  state: string;
  hydrate: boolean;
}

interface ServerEntry {
  render(url: URL, localFetch: (path: string, init: RequestInit) => Promise<Response>): Promise<RenderedPage | null>;
}

export type RenderPage = (request: FastifyRequest, origin: string) => Promise<RenderedPage | null>;

/** `vite build --ssr` writes the renderer beside the browser's build (apps/web/vite.config.ts). */
export function serverEntryPath(distDir: string): string {
  return join(distDir, "..", "dist-ssr", "entry-server.js");
}

/**
 * Loads the web's server renderer once, at start; without a built one (a test's fixture, an old build)
 * pages are the bare app shell, as before. The render's API calls are answered by this same app
 * (`inject`): the visitor's cookie and address go with them, so a signed-in reader's page shows their
 * state and the per-IP limits count the visitor, not the server.
 */
export async function loadServerRenderer(app: FastifyInstance, distDir: string): Promise<RenderPage | undefined> {
  const path = serverEntryPath(distDir);
  if (!existsSync(path)) return undefined;
  const entry = (await import(pathToFileURL(path).href)) as ServerEntry;
  return (request, origin) =>
    entry.render(new URL(request.url, origin), async (path, init) => {
      const { cookie, host } = request.headers;
      const answer = await app.inject({
        method: (init.method ?? "GET") as HTTPMethods,
        url: path,
        headers: { accept: "application/json", ...(cookie ? { cookie } : {}), ...(host ? { host } : {}) },
        remoteAddress: request.ip,
      });
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(empty ? null : answer.rawPayload, {
        status: answer.statusCode,
        headers: { "content-type": String(answer.headers["content-type"] ?? "") },
      });
    });
}
