import { CURRENCY_BY_COUNTRY } from "@quire/core/currency";

// The interface is English (lib/format.ts), so names are too.
const REGION_NAMES = new Intl.DisplayNames("en", { type: "region" });
const CURRENCY_NAMES = new Intl.DisplayNames("en", { type: "currency" });

export interface NamedCode {
  code: string;
  name: string;
}

export function countryName(code: string): string {
  return REGION_NAMES.of(code) ?? code;
}

export function currencyName(code: string): string {
  return CURRENCY_NAMES.of(code) ?? code;
}

function byName(codes: Iterable<string>, name: (code: string) => string): NamedCode[] {
  return [...new Set(codes)]
    .map((code) => ({ code, name: name(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}

/** Every country the currency table knows, and every currency it names, each sorted by English name. */
export const COUNTRY_CHOICES: readonly NamedCode[] = byName(CURRENCY_BY_COUNTRY.keys(), countryName);
export const CURRENCY_CHOICES: readonly NamedCode[] = byName(CURRENCY_BY_COUNTRY.values(), currencyName);
