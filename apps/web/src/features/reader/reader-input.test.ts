import { describe, expect, it } from "vitest";
import { keyBelongsToControl, keyTurn, swipeTurn, tapZone } from "./reader-input";

describe("reader input", () => {
  it("turns pages with arrows, Page Up/Down and Space", () => {
    expect(keyTurn("ArrowRight", false)).toBe("next");
    expect(keyTurn("PageDown", false)).toBe("next");
    expect(keyTurn(" ", false)).toBe("next");
    expect(keyTurn(" ", true)).toBe("previous");
    expect(keyTurn("ArrowLeft", false)).toBe("previous");
    expect(keyTurn("PageUp", false)).toBe("previous");
    expect(keyTurn("a", false)).toBeNull();
    expect(keyTurn("ArrowDown", false)).toBeNull();
  });

  it("divides a tap into thirds", () => {
    expect(tapZone(10, 360)).toBe("previous");
    expect(tapZone(180, 360)).toBe("middle");
    expect(tapZone(350, 360)).toBe("next");
    expect(tapZone(10, 0)).toBe("middle");
  });

  it("takes a quick horizontal stroke for a swipe, and nothing else", () => {
    expect(swipeTurn(-120, 10, 200)).toBe("next");
    expect(swipeTurn(120, -10, 200)).toBe("previous");
    expect(swipeTurn(-20, 0, 100)).toBeNull();
    expect(swipeTurn(-120, 100, 200)).toBeNull();
    expect(swipeTurn(-120, 0, 2000)).toBeNull();
  });

  it("leaves keys to the control that has them", () => {
    const element = (tagName: string) => ({ tagName }) as unknown as EventTarget;
    expect(keyBelongsToControl(element("INPUT"), "ArrowRight")).toBe(true);
    expect(keyBelongsToControl(element("BUTTON"), " ")).toBe(true);
    expect(keyBelongsToControl(element("BUTTON"), "ArrowRight")).toBe(false);
    expect(keyBelongsToControl(element("BODY"), " ")).toBe(false);
    expect(keyBelongsToControl(null, " ")).toBe(false);
  });
});
