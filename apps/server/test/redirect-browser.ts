import type { FastifyInstance } from "fastify";

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

export interface BrowserResponse {
  url: URL;
  status: number;
  location: string | undefined;
  body: string;
}

const MAX_STEPS = 20;

/**
 * Just enough of a browser to walk an OpenID Connect round trip without one: it keeps cookies per
 * origin (with path scoping; SameSite is not modelled), follows redirects and submits the provider's
 * auto-posting forms (`response_mode=form_post`). Requests to `appOrigin` go to the app through
 * `inject`, every other origin through fetch.
 */
export class RedirectBrowser {
  private readonly jars = new Map<string, Map<string, StoredCookie>>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly appOrigin = "http://localhost",
  ) {}

  cookie(origin: string, name: string): string | undefined {
    for (const cookie of this.jar(origin).values()) if (cookie.name === name) return cookie.value;
    return undefined;
  }

  /** A JSON API call to the app, with this browser's cookies. */
  async api(method: "GET" | "POST", path: string, payload?: object): Promise<{ status: number; json: () => unknown }> {
    const response = await this.request(method, new URL(path, this.appOrigin), payload && JSON.stringify(payload), {
      "content-type": "application/json",
    });
    return { status: response.status, json: () => JSON.parse(response.body) };
  }

  /**
   * Opens `url` and follows redirects and form posts until an answer is neither, or until the
   * app redirects to one of its pages (not `/api/`), which is where the round trip ends. The
   * answer's `url` is where it ended. `stopBefore` ends it before requesting a matching URL;
   * `formFields` are added to a form the browser posts.
   */
  async follow(
    start: string | URL,
    options: { stopBefore?: (url: URL) => boolean; formFields?: Record<string, string> } = {},
  ): Promise<BrowserResponse> {
    let url = new URL(start);
    let method: "GET" | "POST" = "GET";
    let body: string | undefined;
    let headers: Record<string, string> = {};
    for (let step = 0; step < MAX_STEPS; step++) {
      if (options.stopBefore?.(url)) return { url, status: 0, location: undefined, body: body ?? "" };
      const response = await this.request(method, url, body, headers);
      if (response.location) {
        const next = new URL(response.location, url);
        if (next.origin === this.appOrigin && !next.pathname.startsWith("/api/")) return { ...response, url: next };
        [url, method, body, headers] = [next, "GET", undefined, {}];
        continue;
      }
      const form = autoPostingForm(response.body);
      if (!form) return response;
      for (const [name, value] of Object.entries(options.formFields ?? {})) form.fields.set(name, value);
      headers = { "content-type": "application/x-www-form-urlencoded", origin: url.origin };
      [url, method, body] = [new URL(form.action, url), "POST", form.fields.toString()];
    }
    throw new Error(`More than ${MAX_STEPS} redirects from ${start}`);
  }

  async request(
    method: "GET" | "POST",
    url: URL,
    body?: string,
    headers: Record<string, string> = {},
  ): Promise<BrowserResponse> {
    const cookie = this.cookieHeader(url);
    const sent = { ...headers, ...(cookie ? { cookie } : {}) };
    if (url.origin === this.appOrigin) {
      const response = await this.app.inject({
        method,
        url: `${url.pathname}${url.search}`,
        headers: { host: url.host, ...sent },
        ...(body === undefined ? {} : { payload: body }),
      });
      this.store(url, ([] as string[]).concat(response.headers["set-cookie"] ?? []));
      const location = response.headers.location;
      return {
        url,
        status: response.statusCode,
        location: location === undefined ? undefined : String(location),
        body: response.body,
      };
    }
    const response = await fetch(url, { method, headers: sent, body, redirect: "manual" });
    this.store(url, response.headers.getSetCookie());
    return {
      url,
      status: response.status,
      location: response.headers.get("location") ?? undefined,
      body: await response.text(),
    };
  }

  private jar(origin: string): Map<string, StoredCookie> {
    let jar = this.jars.get(origin);
    if (!jar) {
      jar = new Map();
      this.jars.set(origin, jar);
    }
    return jar;
  }

  private cookieHeader(url: URL): string {
    return [...this.jar(url.origin).values()]
      .filter((cookie) => url.pathname.startsWith(cookie.path))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join("; ");
  }

  private store(url: URL, setCookies: string[]): void {
    const jar = this.jar(url.origin);
    for (const header of setCookies) {
      const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const attribute = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute("path") ?? "/";
      const maxAge = attribute("max-age");
      const expires = attribute("expires");
      const gone =
        (maxAge !== undefined && Number(maxAge) <= 0) || (expires !== undefined && Date.parse(expires) <= Date.now());
      if (gone || value === "") jar.delete(`${name};${path}`);
      else jar.set(`${name};${path}`, { name, value, path });
    }
  }
}

/** The provider's form_post page: a form that posts itself on load. */
function autoPostingForm(html: string): { action: string; fields: URLSearchParams } | undefined {
  const form = /<form method="post" action="([^"]+)">/.exec(html);
  if (!form?.[1]) return undefined;
  const fields = new URLSearchParams();
  for (const input of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)) {
    fields.append(decodeHtml(input[1] ?? ""), decodeHtml(input[2] ?? ""));
  }
  return { action: decodeHtml(form[1]), fields };
}

function decodeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
