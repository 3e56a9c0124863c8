/**
 * A price converted from USD, rounded to what a shop in that currency would ask: under 100 units a charm
 * price ending in .99 (4.39 € → 4,99 €), or a whole number where the currency has no minor unit (¥ 77 → ¥ 77);
 * from 100 units on, two significant figures (¥ 748 → ¥ 750, ₹ 4 149 → ₹ 4 100), as round as prices get there.
 */
export function localPrice(amountUsd: number, ratePerUsd: number, currency: string): number {
  const converted = amountUsd * ratePerUsd;
  if (converted >= 100) {
    const step = 10 ** (Math.floor(Math.log10(converted)) - 1);
    return Math.round(converted / step) * step;
  }
  if (minorUnitDigits(currency) === 0) return Math.max(1, Math.round(converted));
  // Up to the next whole unit, less a cent: a charm price never far below the converted amount.
  const whole = Math.max(1, Math.ceil(Math.round(converted * 100) / 100));
  return Math.round((whole - 0.01) * 100) / 100;
}

/** How many decimals the currency's amounts carry (JPY 0, EUR 2, KWD 3), as Intl knows it. */
export function minorUnitDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}
