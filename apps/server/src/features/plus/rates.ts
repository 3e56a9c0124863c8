import { readFileSync } from "node:fs";

/** Units of each currency per 1 USD, as of `date` (YYYY-MM-DD). */
export interface RatesTable {
  date: string;
  rates: Record<string, number>;
}

const HEADER = "date,currency,rate";

/**
 * The CSV `quire rates import` takes and the server bundles: a `date,currency,rate` header, then one line per
 * currency, all of one date; `#` lines are comments. Throws an Error naming the line of the first problem.
 */
export function parseRatesCsv(text: string): RatesTable {
  const lines = text
    .split(/\r?\n/)
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line !== "" && !line.startsWith("#"));
  const [header, ...rows] = lines;
  if (header?.line.toLowerCase().replaceAll(" ", "") !== HEADER) {
    throw new Error(`The first line must be the header "${HEADER}".`);
  }
  if (rows.length === 0) throw new Error("The file has no rates.");
  let date: string | undefined;
  const rates: Record<string, number> = {};
  for (const { line, number } of rows) {
    const [rowDate = "", currency = "", rateText = "", ...extra] = line.split(",").map((cell) => cell.trim());
    const fail = (problem: string) => new Error(`Line ${number}: ${problem}`);
    if (extra.length > 0) throw fail("expected three columns: date,currency,rate.");
    if (!isRealDay(rowDate)) throw fail(`"${rowDate}" is not a date like 2026-11-20.`);
    if (date !== undefined && rowDate !== date) throw fail(`every line must have the same date (${date}).`);
    date = rowDate;
    if (!/^[A-Z]{3}$/.test(currency)) throw fail(`"${currency}" is not a three-letter currency code.`);
    if (currency in rates) throw fail(`${currency} appears twice.`);
    const rate = Number(rateText);
    if (rateText === "" || !Number.isFinite(rate) || rate <= 0) throw fail(`"${rateText}" is not a positive rate.`);
    rates[currency] = rate;
  }
  if (rates.USD !== undefined && rates.USD !== 1) throw new Error("USD must have the rate 1 (rates are per USD).");
  return { date: date as string, rates: { ...rates, USD: 1 } };
}

function isRealDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
}

/** The table shipped with the server (rates.csv beside this file), read once. */
let bundled: RatesTable | undefined;
export function bundledRates(): RatesTable {
  bundled ??= parseRatesCsv(readFileSync(new URL("./rates.csv", import.meta.url), "utf8"));
  return bundled;
}
