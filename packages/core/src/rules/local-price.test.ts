import { describe, expect, it } from "vitest";
import { localPrice, minorUnitDigits } from "./local-price";

describe("localPrice", () => {
  it.each([
    // [USD, rate, currency, expected]
    [4.99, 1, "USD", 4.99],
    [49.99, 1, "USD", 49.99],
    [4.99, 0.92, "EUR", 4.99],
    [4.99, 0.88, "EUR", 4.99],
    [5, 1, "EUR", 4.99],
    [5.01, 1, "EUR", 5.99],
    [49.99, 0.92, "EUR", 45.99],
    [4.99, 0.79, "GBP", 3.99],
    [4.99, 0.1, "EUR", 0.99],
    [4.99, 1.36, "CAD", 6.99],
    [4.99, 155, "JPY", 770],
    [4.99, 140, "JPY", 700],
    [49.99, 155, "JPY", 7700],
    [4.99, 1390, "KRW", 6900],
    [4.99, 15.4, "JPY", 77],
    [4.99, 0.1, "JPY", 1],
    [4.99, 83.2, "INR", 420],
    [49.99, 83, "INR", 4100],
    [4.99, 16000, "IDR", 80000],
    [4.99, 0.307, "KWD", 1.99],
  ])("%s USD at %s → %s %s", (usd, rate, currency, expected) => {
    expect(localPrice(usd, rate, currency)).toBe(expected);
  });
});

describe("minorUnitDigits", () => {
  it("follows the currency's minor unit", () => {
    expect([minorUnitDigits("JPY"), minorUnitDigits("EUR"), minorUnitDigits("KWD")]).toEqual([0, 2, 3]);
  });
});
