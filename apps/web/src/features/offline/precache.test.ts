import { describe, expect, it } from "vitest";
import workerSource from "../../../public/sw.js?raw";
import { PRECACHE_PLACEHOLDER, shellUrls, withPrecache } from "./precache";

describe("the shell precache of a build", () => {
  it("lists the page at / and every built file, without the worker, compressed twins or Vite's manifest", () => {
    const files = [
      "index.html",
      "sw.js",
      "sw.js.br",
      "theme-init.js",
      "favicon.svg",
      "assets/index-abc.js",
      "assets/index-abc.js.br",
      "assets/index-abc.js.gz",
      "assets/index-def.css",
      ".vite/manifest.json",
    ];
    expect(shellUrls(files)).toEqual([
      "/",
      "/assets/index-abc.js",
      "/assets/index-def.css",
      "/favicon.svg",
      "/theme-init.js",
    ]);
  });

  it("writes the precache into public/sw.js's placeholder line, which the worker file must keep", () => {
    expect(workerSource).toContain(PRECACHE_PLACEHOLDER);
    const built = withPrecache(workerSource, { version: "abc123", urls: ["/", "/assets/$&.js"] });
    expect(built).not.toContain(PRECACHE_PLACEHOLDER);
    expect(built).toContain('const PRECACHE = {"version":"abc123","urls":["/","/assets/$&.js"]};');
    expect(() => withPrecache("self.addEventListener('push', () => {});", { version: "x", urls: [] })).toThrow(
      "sw.js has no PRECACHE placeholder line",
    );
  });
});
