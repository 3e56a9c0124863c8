import { currencyForCountry, DEFAULT_LOCATION_CONFIG, type LocaleGuess } from "@quire/core";
import type { IpCountryLookup } from "./ip-country-lookup";
import { publicAddress } from "./public-address";

export class LocaleService {
  constructor(private readonly lookup: IpCountryLookup) {}

  /** The caller's country from their IP (medium confidence); private, loopback or unknown → the fallback (low). */
  async guess(ip: string): Promise<LocaleGuess> {
    const address = publicAddress(ip);
    const country = address ? await this.lookup.countryOf(address) : undefined;
    if (country) return { country, currency: currencyForCountry(country), confidence: "medium", source: "ip" };
    const fallback = DEFAULT_LOCATION_CONFIG.fallbackCountry;
    return { country: fallback, currency: currencyForCountry(fallback), confidence: "low", source: "default" };
  }
}
