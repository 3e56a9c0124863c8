export { countryLookup, HttpCountryLookup, type IpCountryLookup, MmdbCountryLookup } from "./ip-country-lookup";
export { localeRoutes } from "./locale.routes";
export { LocaleService } from "./locale.service";
