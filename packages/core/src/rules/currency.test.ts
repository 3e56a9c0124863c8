import { describe, expect, it } from "vitest";
import { CURRENCY_BY_COUNTRY, currencyForCountry, parseCountryAnswer } from "./currency";

const EUROZONE = [
  "AT",
  "BE",
  "BG",
  "CY",
  "DE",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PT",
  "SI",
  "SK",
];

describe("country → currency", () => {
  it("covers every ISO 3166-1 country exactly once", () => {
    const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
    expect(CURRENCY_BY_COUNTRY.size).toBe(249);
    for (const [country, currency] of CURRENCY_BY_COUNTRY) {
      expect(country).toMatch(/^[A-Z]{2}$/);
      expect(regionNames.of(country)).not.toBe(country);
      expect(currency).toMatch(/^[A-Z]{3}$/);
    }
  });

  it("uses the euro across the eurozone", () => {
    for (const country of EUROZONE) expect(currencyForCountry(country)).toBe("EUR");
  });

  it("knows the spec's named countries", () => {
    const expected: Record<string, string> = {
      AL: "ALL",
      AU: "AUD",
      BR: "BRL",
      CA: "CAD",
      CH: "CHF",
      CZ: "CZK",
      DK: "DKK",
      GB: "GBP",
      IN: "INR",
      JP: "JPY",
      MX: "MXN",
      NZ: "NZD",
      NO: "NOK",
      SE: "SEK",
      SG: "SGD",
      TH: "THB",
      AE: "AED",
      US: "USD",
    };
    for (const [country, currency] of Object.entries(expected)) expect(currencyForCountry(country)).toBe(currency);
  });

  it("maps unknown, empty and malformed countries to USD", () => {
    expect(currencyForCountry("ZZ")).toBe("USD");
    expect(currencyForCountry("")).toBe("USD");
    expect(currencyForCountry(undefined)).toBe("USD");
    expect(currencyForCountry(" gb ")).toBe("GBP");
  });
});

describe("IP lookup answers", () => {
  it("accepts exactly two letters after trimming and upper-casing", () => {
    expect(parseCountryAnswer(" de\n")).toBe("DE");
    expect(parseCountryAnswer("USA")).toBeUndefined();
    expect(parseCountryAnswer("1A")).toBeUndefined();
    expect(parseCountryAnswer("")).toBeUndefined();
    expect(parseCountryAnswer("<html>")).toBeUndefined();
  });
});
