import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSameSitePath } from "../contracts/social-auth.contract";
import { sameSitePath } from "./same-site-path";

/** Pieces that open redirects are made of: slashes, dot segments (also escaped), hosts, schemes, whitespace. */
const TRICKY_PIECES = [
  "/",
  "//",
  "\\",
  ".",
  "..",
  "%2e",
  "%2E%2e",
  "%2f",
  "%5c",
  "evil.example",
  "books",
  "x",
  ":",
  "https:",
  "javascript:",
  "@",
  "?",
  "#",
  "?next=//evil.example",
  " ",
  "\t",
  "\n",
  "%09",
  "é",
];
const trickyInput = fc.oneof(
  fc.array(fc.constantFrom(...TRICKY_PIECES), { maxLength: 12 }).map((pieces) => pieces.join("")),
  fc.string({ maxLength: 40 }),
  fc.webUrl().map((url) => url.replace(/^https?:/, "")),
);

/** What a browser would do with the answer: resolve it against the page it is on. */
function expectSameSite(path: string) {
  expect(path.startsWith("/")).toBe(true);
  expect(path.startsWith("//")).toBe(false);
  expect(path.startsWith("/\\")).toBe(false);
  expect(path).not.toMatch(/^[a-z][a-z0-9+.-]*:/i);
  for (const base of [
    "https://quire.example",
    "https://quire.example/books/x/?q=1#top",
    "http://localhost:3000/a/b/",
  ]) {
    const resolved = new URL(path, base);
    expect(resolved.origin).toBe(new URL(base).origin);
    // Normalising it again changes nothing: what was checked is what the browser goes to.
    expect(`${resolved.pathname}${resolved.search}${resolved.hash}`).toBe(path);
  }
}

describe("sameSitePath", () => {
  it("keeps paths of this site with their query and hash, dot segments resolved", () => {
    expect(sameSitePath("/books/x")).toBe("/books/x");
    expect(sameSitePath("/browse?genre=fantasy#list")).toBe("/browse?genre=fantasy#list");
    expect(sameSitePath("/a/./b/../c")).toBe("/a/c");
  });

  it.each([
    "/.//evil.example/x",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "/\t/evil.example",
    "books/x",
    "",
  ])("refuses %j, which is or becomes another site or no path", (raw) => {
    expect(sameSitePath(raw)).toBeUndefined();
    expect(isSameSitePath(raw)).toBe(false);
  });

  it("only ever answers a path that stays on the site once a browser normalises it", () => {
    fc.assert(
      fc.property(trickyInput, (raw) => {
        const path = sameSitePath(raw);
        if (path !== undefined) expectSameSite(path);
        expect(isSameSitePath(raw)).toBe(path !== undefined);
      }),
      { numRuns: 5000 },
    );
  });

  it("accepts every plain path, unchanged", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_~-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (segments) => {
        const path = `/${segments.join("/")}`;
        expect(sameSitePath(path)).toBe(path);
      }),
    );
  });
});
