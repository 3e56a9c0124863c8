import { describe, expect, it } from "vitest";
import { formatBytes } from "./format-bytes";

describe("formatBytes", () => {
  it("uses the largest unit under 1024, with a decimal only for small values", () => {
    expect(formatBytes(0)).toBe("0 bytes");
    expect(formatBytes(900)).toBe("900 bytes");
    expect(formatBytes(256 * 1024)).toBe("256 KB");
    expect(formatBytes(1.25 * 1024 * 1024)).toBe("1.3 MB");
    expect(formatBytes(20 * 1024 * 1024)).toBe("20 MB");
  });
});
