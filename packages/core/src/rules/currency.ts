import { DEFAULT_CURRENCY } from "../constants";

/** Currencies shared by several territories, then one-to-one ones; together every ISO 3166-1 code. */
const SHARED_CURRENCIES: Record<string, string> = {
  EUR: "AD AT AX BE BG BL CY DE EE ES FI FR GF GP GR HR IE IT LT LU LV MC ME MF MQ MT NL PM PT RE SI SK SM TF VA YT",
  USD: "AQ AS BQ EC FM GU IO MH MP PA PR PW SV TC TL UM US VG VI",
  AUD: "AU CC CX HM KI NF NR TV",
  NZD: "CK NU NZ PN TK",
  GBP: "GB GG GS IM JE",
  DKK: "DK FO GL",
  NOK: "BV NO SJ",
  CHF: "CH LI",
  XOF: "BF BJ CI GW ML NE SN TG",
  XAF: "CF CG CM GA GQ TD",
  XCD: "AG AI DM GD KN LC MS VC",
  XPF: "NC PF WF",
  XCG: "CW SX",
  MAD: "EH MA",
  ILS: "IL PS",
};

const SINGLE_CURRENCIES =
  "AE:AED AF:AFN AL:ALL AM:AMD AO:AOA AR:ARS AW:AWG AZ:AZN BA:BAM BB:BBD BD:BDT BH:BHD BI:BIF BM:BMD " +
  "BN:BND BO:BOB BR:BRL BS:BSD BT:BTN BW:BWP BY:BYN BZ:BZD CA:CAD CD:CDF CL:CLP CN:CNY CO:COP CR:CRC " +
  "CU:CUP CV:CVE CZ:CZK DJ:DJF DO:DOP DZ:DZD EG:EGP ER:ERN ET:ETB FJ:FJD FK:FKP GE:GEL GH:GHS GI:GIP " +
  "GM:GMD GN:GNF GT:GTQ GY:GYD HK:HKD HN:HNL HT:HTG HU:HUF ID:IDR IN:INR IQ:IQD IR:IRR IS:ISK JM:JMD " +
  "JO:JOD JP:JPY KE:KES KG:KGS KH:KHR KM:KMF KP:KPW KR:KRW KW:KWD KY:KYD KZ:KZT LA:LAK LB:LBP LK:LKR " +
  "LR:LRD LS:LSL LY:LYD MD:MDL MG:MGA MK:MKD MM:MMK MN:MNT MO:MOP MR:MRU MU:MUR MV:MVR MW:MWK MX:MXN " +
  "MY:MYR MZ:MZN NA:NAD NG:NGN NI:NIO NP:NPR OM:OMR PE:PEN PG:PGK PH:PHP PK:PKR PL:PLN PY:PYG QA:QAR " +
  "RO:RON RS:RSD RU:RUB RW:RWF SA:SAR SB:SBD SC:SCR SD:SDG SE:SEK SG:SGD SH:SHP SL:SLE SO:SOS SR:SRD " +
  "SS:SSP ST:STN SY:SYP SZ:SZL TH:THB TJ:TJS TM:TMT TN:TND TO:TOP TR:TRY TT:TTD TW:TWD TZ:TZS UA:UAH " +
  "UG:UGX UY:UYU UZ:UZS VE:VES VN:VND VU:VUV WS:WST YE:YER ZA:ZAR ZM:ZMW ZW:ZWG";

function buildTable(): ReadonlyMap<string, string> {
  const table = new Map<string, string>();
  for (const [currency, countries] of Object.entries(SHARED_CURRENCIES)) {
    for (const country of countries.split(" ")) table.set(country, currency);
  }
  for (const pair of SINGLE_CURRENCIES.split(" ")) {
    const [country, currency] = pair.split(":") as [string, string];
    table.set(country, currency);
  }
  return table;
}

/** ISO 3166-1 alpha-2 country → ISO 4217 currency. */
export const CURRENCY_BY_COUNTRY: ReadonlyMap<string, string> = buildTable();

/** SPEC §5: an unknown (or malformed) country maps to USD. */
export function currencyForCountry(country: string | null | undefined): string {
  if (!country) return DEFAULT_CURRENCY;
  return CURRENCY_BY_COUNTRY.get(country.trim().toUpperCase()) ?? DEFAULT_CURRENCY;
}

/** SPEC §5: an IP lookup answer counts only if it is exactly two letters after trimming and upper-casing. */
export function parseCountryAnswer(answer: string): string | undefined {
  const code = answer.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : undefined;
}
