import { describe, expect, it } from "vitest";
import { placePath, positionLocator, startLocator, writePlaceToAddress } from "./exact-resume";

describe("the reader's address and the exact place", () => {
  it("carries the locator's character in ?at=, and nothing without one", () => {
    expect(placePath("b 1", "ch-2", { char: 1234, text: "Callme" })).toBe("/read/b%201/ch-2?at=1234");
    expect(placePath("b", "ch-2", null)).toBe("/read/b/ch-2");
    expect(placePath("b", "ch-2", { char: 0, text: "Chapter" })).toBe("/read/b/ch-2");
  });

  it("reads ?at= back, with the quote the navigation carried for that same character only", () => {
    expect(startLocator("?at=1234", null)).toEqual({ char: 1234 });
    expect(startLocator("?at=1234", { locator: { char: 1234, text: "Callme" } })).toEqual({
      char: 1234,
      text: "Callme",
    });
    expect(startLocator("?at=99", { locator: { char: 1234, text: "Callme" } })).toEqual({ char: 99 });
    expect(startLocator("?at=-1", null)).toBeNull();
    expect(startLocator("?at=abc", { offset: 0.5 })).toBeNull();
    expect(startLocator("", null)).toBeNull();
  });

  it("takes the locator of a saved position only when the reader that saved it knew one", () => {
    expect(positionLocator({ anchorId: "a", offset: 0.5 })).toBeNull();
    expect(positionLocator(null)).toBeNull();
    expect(positionLocator({ anchorId: "a", offset: 0.5, char: 40 })).toEqual({ char: 40 });
    expect(positionLocator({ anchorId: "a", offset: 0.5, char: 40, text: "Loomings" })).toEqual({
      char: 40,
      text: "Loomings",
    });
  });

  it("writes the place over the reader's address only, keeping the router's history state", () => {
    window.history.replaceState({ usr: { offset: 1 }, key: "k" }, "", "/read/b/ch-2#note-3");
    writePlaceToAddress("b", "ch-2", { char: 512 });
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe("/read/b/ch-2?at=512");
    expect(window.history.state).toEqual({ usr: { offset: 1 }, key: "k" });

    window.history.replaceState(null, "", "/books/b");
    writePlaceToAddress("b", "ch-2", { char: 600 });
    expect(`${window.location.pathname}${window.location.search}`).toBe("/books/b");
  });
});
