/** An amount in a currency, in the reader's locale (the browser's unless given): 4.99 EUR in fr-FR → "4,99 €". */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount);
}
