import { describe, expect, it } from "vitest";
import { PlacedSize } from "./placed-size";

function box(width: number, height: number) {
  const element = document.createElement("div");
  const size = { width, height };
  element.getBoundingClientRect = () => ({ ...size }) as DOMRect;
  return { element, resize: (w: number, h: number) => Object.assign(size, { width: w, height: h }) };
}

describe("PlacedSize", () => {
  it("counts every size as changed until a chapter was placed", () => {
    expect(new PlacedSize().changed(box(390, 800).element)).toBe(true);
  });

  it("tells a report at the placed size (ResizeObserver's first) from a real resize, in either dimension", () => {
    const { element, resize } = box(390, 800);
    const placed = new PlacedSize();
    placed.record(element);
    expect(placed.changed(element)).toBe(false);
    resize(800, 390);
    expect(placed.changed(element)).toBe(true);
    placed.record(element);
    expect(placed.changed(element)).toBe(false);
    resize(800, 340.5);
    expect(placed.changed(element)).toBe(true);
  });
});
