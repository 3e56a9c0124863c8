import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "./relative-time";

const now = Date.parse("2027-03-10T12:00:00.000Z");
const ago = (ms: number) => new Date(now - ms).toISOString();

describe("formatRelativeTime", () => {
  it("uses the largest unit that fits", () => {
    expect(formatRelativeTime(ago(20_000), now)).toBe("just now");
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe("5 minutes ago");
    expect(formatRelativeTime(ago(3 * 3_600_000), now)).toBe("3 hours ago");
    expect(formatRelativeTime(ago(26 * 3_600_000), now)).toBe("yesterday");
    expect(formatRelativeTime(ago(15 * 86_400_000), now)).toBe("2 weeks ago");
    expect(formatRelativeTime(ago(400 * 86_400_000), now)).toBe("last year");
  });

  it("gives nothing for a date it cannot read", () => {
    expect(formatRelativeTime("not a date", now)).toBe("");
  });
});
