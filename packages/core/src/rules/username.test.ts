import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateUsername } from "./username";

describe("generateUsername", () => {
  it("is the email prefix plus a 5-character suffix", () => {
    const fixed = () => 0;
    expect(generateUsername("Ada.Lovelace@example.com", fixed)).toBe("adalovelace_aaaaa");
  });

  it("always yields a lowercase handle with a 5-character suffix", () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const username = generateUsername(email);
        expect(username).toMatch(/^[a-z0-9_]{1,30}_[a-z0-9]{5}$/);
      }),
    );
  });

  it("falls back to a readable prefix when the email has none usable", () => {
    expect(generateUsername("!!!@example.com", () => 1)).toBe("reader_bbbbb");
  });

  it("spreads suffixes widely", () => {
    const names = new Set(Array.from({ length: 500 }, () => generateUsername("same@example.com")));
    expect(names.size).toBeGreaterThan(495);
  });
});
