import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeNextPath, signInPathFor } from "./next-path";

describe("safeNextPath", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeNextPath("/books/x")).toBe("/books/x");
    expect(safeNextPath("/browse?genre=fantasy&status=wip")).toBe("/browse?genre=fantasy&status=wip");
    expect(safeNextPath("/books/x#chapters")).toBe("/books/x#chapters");
    expect(safeNextPath("/settings/account")).toBe("/settings/account");
  });

  it("falls back to / when there is nothing usable", () => {
    expect(safeNextPath(null)).toBe("/");
    expect(safeNextPath(undefined)).toBe("/");
    expect(safeNextPath("")).toBe("/");
    expect(safeNextPath("books/x")).toBe("/");
  });

  it.each([
    "//evil.com",
    "//evil.com/path",
    "///evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "https://evil.com",
    "http://evil.com/books/x",
    "javascript:alert(1)",
    "/\t/evil.com",
    "/\n/evil.com",
    " //evil.com",
    "data:text/html,hi",
    "/.//evil.example/x",
    "/%2e//evil.example/x",
    "/books/..//evil.example",
  ])("never leaves the site for %j", (raw) => {
    expect(safeNextPath(raw)).toBe("/");
  });

  it("does not send a fresh sign-in back to the sign-in screens", () => {
    expect(safeNextPath("/auth/sign-in?next=/books/x")).toBe("/");
    expect(safeNextPath("/auth/sign-up")).toBe("/");
  });

  it("answers the fallback or a same-site path, never anything else", () => {
    const pieces = fc.constantFrom(
      "/",
      "//",
      "/.",
      "/..",
      "/%2e",
      "\\",
      "evil.example",
      "/auth/sign-in",
      "?",
      "#",
      ":",
      "\t",
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 10 }), (parts) => {
        const raw = parts.join("");
        const next = safeNextPath(raw, "fallback");
        if (next === "fallback") return;
        expect(next).toMatch(/^\/(?![/\\])/);
        // What the browser goes to is what was checked: same origin, and nothing left to normalise.
        const resolved = new URL(next, "https://quire.example/books/x/");
        expect(resolved.origin).toBe("https://quire.example");
        expect(`${resolved.pathname}${resolved.search}${resolved.hash}`).toBe(next);
      }),
      { numRuns: 2000 },
    );
  });

  it("uses the given fallback", () => {
    expect(safeNextPath("//evil.com", "/browse")).toBe("/browse");
  });
});

describe("signInPathFor", () => {
  it("adds next for pages worth returning to", () => {
    expect(signInPathFor("/books/x")).toBe("/auth/sign-in?next=%2Fbooks%2Fx");
    expect(signInPathFor("/")).toBe("/auth/sign-in");
    expect(signInPathFor("//evil.com")).toBe("/auth/sign-in");
  });
});
