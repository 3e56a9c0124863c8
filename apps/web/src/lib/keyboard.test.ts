import { describe, expect, it } from "vitest";
import { isKeyboardLikelyShown, isTextEntry } from "./keyboard";

describe("on-screen keyboard detection", () => {
  it("counts only text fields as keyboard targets", () => {
    const text = document.createElement("input");
    const checkbox = Object.assign(document.createElement("input"), { type: "checkbox" });
    expect(isTextEntry(text)).toBe(true);
    expect(isTextEntry(document.createElement("textarea"))).toBe(true);
    expect(isTextEntry(checkbox)).toBe(false);
    expect(isTextEntry(document.createElement("button"))).toBe(false);
    expect(isTextEntry(null)).toBe(false);
  });

  it("needs both a focused field and a viewport more than 150 px shorter", () => {
    const field = document.createElement("input");
    expect(isKeyboardLikelyShown(780, 480, field)).toBe(true);
    expect(isKeyboardLikelyShown(780, 630, field)).toBe(false);
    expect(isKeyboardLikelyShown(780, 480, document.createElement("a"))).toBe(false);
  });
});
