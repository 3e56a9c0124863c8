import { describe, expect, it, vi } from "vitest";
import {
  formatCompactNumber,
  formatCountdown,
  formatNumber,
  formatReadingTime,
  getCountdown,
  initials,
} from "./format";

describe("formatReadingTime", () => {
  it.each([
    [200, "3 h 20 min"],
    [45, "45 min"],
    [120, "2 h"],
    [61, "1 h 1 min"],
    [0, "< 1 min"],
    [0.4, "< 1 min"],
    [1439.6, "24 h"],
  ])("%s minutes → %s", (minutes, expected) => {
    expect(formatReadingTime(minutes)).toBe(expected);
  });
});

describe("number formatting", () => {
  it("groups thousands", () => {
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(12345)).toBe("12,345");
    expect(formatNumber(1234567)).toBe("1,234,567");
  });

  it("abbreviates large counts only", () => {
    expect(formatCompactNumber(999)).toBe("999");
    expect(formatCompactNumber(1234)).toBe("1.2K");
    expect(formatCompactNumber(2_500_000)).toBe("2.5M");
  });
});

describe("countdown", () => {
  const now = Date.parse("2027-03-01T10:00:00Z");

  it("splits the remaining time and pads it", () => {
    const countdown = getCountdown("2027-03-04T14:12:09Z", now);
    expect(countdown).toEqual({ days: 3, hours: 4, minutes: 12, seconds: 9, isOver: false });
    expect(formatCountdown(countdown)).toBe("3d 04h 12m 09s");
  });

  it("leaves out days when none remain and stops at zero", () => {
    expect(formatCountdown(getCountdown("2027-03-01T10:05:00Z", now))).toBe("00h 05m 00s");
    expect(getCountdown("2027-02-01T00:00:00Z", now)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      isOver: true,
    });
  });
});

describe("initials", () => {
  it("takes first and last name letters", () => {
    expect(initials("Ada King Lovelace")).toBe("AL");
    expect(initials("ursula")).toBe("U");
    expect(initials("  ")).toBe("");
    expect(initials("Ada 📚 <b>Lovelace</b>")).toBe("AL");
    expect(initials("élodie Ωmega")).toBe("ÉΩ");
    expect(initials("李 小龙")).toBe("李小");
    expect(initials("📚 ✨ 123")).toBe("");
  });
});

describe("formatters", () => {
  it("are made on first use, not when the module is evaluated, and once", async () => {
    vi.resetModules();
    const made: string[] = [];
    class CountedNumberFormat extends Intl.NumberFormat {
      constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        super(...args);
        made.push("number");
      }
    }
    class CountedDateTimeFormat extends Intl.DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        super(...args);
        made.push("date");
      }
    }
    const counted = { NumberFormat: CountedNumberFormat, DateTimeFormat: CountedDateTimeFormat };
    vi.stubGlobal("Intl", Object.assign(Object.create(Intl), counted));
    try {
      const format = await import("./format");
      expect(made).toEqual([]);
      expect(format.formatNumber(12345)).toBe("12,345");
      expect(format.formatNumber(678)).toBe("678");
      expect(format.formatDate("2027-03-12T12:00:00Z")).toBe("Mar 12, 2027");
      expect(made).toEqual(["number", "date"]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
