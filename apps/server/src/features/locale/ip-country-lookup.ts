import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { DEFAULT_LOCATION_CONFIG, parseCountryAnswer } from "@quire/core";
import { Reader, type Response } from "mmdb-lib";
import type { Logger } from "pino";

/** Finds the two-letter country of a public IP address, or undefined when it cannot tell. */
export interface IpCountryLookup {
  countryOf(ip: string): Promise<string | undefined>;
}

// ip-location-db's GeoFeed + WHOIS + ASN country table (CC0 packaging of NRO data, IPv4 and IPv6 in one file);
// upgrading the npm package refreshes it.
const DATABASE_FILE = "@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb";

/** The offline database, read into memory on the first lookup only (about 8 MB), once per process. */
export class MmdbCountryLookup implements IpCountryLookup {
  private reader: Promise<Reader<Response>> | undefined;

  constructor(private readonly file = createRequire(import.meta.url).resolve(DATABASE_FILE)) {}

  async countryOf(ip: string): Promise<string | undefined> {
    this.reader ??= readFile(this.file).then((bytes) => new Reader<Response>(bytes));
    // mmdb-lib types MaxMind's own layouts; this table's records are `{ country_code }`.
    const record: unknown = (await this.reader).get(ip);
    const code = record && typeof record === "object" && "country_code" in record ? record.country_code : undefined;
    return typeof code === "string" ? parseCountryAnswer(code) : undefined;
  }
}

/** SPEC §7's external lookup: GET the configured URL with the address in place of `{ip}`, plain-text answer. */
export class HttpCountryLookup implements IpCountryLookup {
  constructor(
    private readonly urlTemplate: string,
    private readonly timeoutMs: number,
    private readonly logger: Logger,
  ) {}

  async countryOf(ip: string): Promise<string | undefined> {
    const url = this.urlTemplate.replace("{ip}", encodeURIComponent(ip));
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
      const answer = await response.text();
      const country = response.ok ? parseCountryAnswer(answer) : undefined;
      if (!country) this.logger.warn({ status: response.status }, "IP lookup gave no country; using the fallback");
      return country;
    } catch (error) {
      // SPEC §8: an IP lookup failure is a warning, and the fallback country is used.
      this.logger.warn({ err: error }, "IP lookup failed; using the fallback country");
      return undefined;
    }
  }
}

/** The external service when one is configured (it replaces the database), else the bundled database. */
export function countryLookup(url: string | undefined, logger: Logger): IpCountryLookup {
  return url ? new HttpCountryLookup(url, DEFAULT_LOCATION_CONFIG.ipServiceTimeoutMs, logger) : new MmdbCountryLookup();
}
