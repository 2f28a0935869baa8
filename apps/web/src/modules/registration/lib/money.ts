/**
 * Money on the wire is an integer amount in minor units (cents, paise) plus an ISO 4217 code, so no float ever
 * decides a total. These helpers only format and convert for inputs.
 */

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, locale?: string): Intl.NumberFormat | null {
  const key = `${locale ?? ''}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale ?? 'en-GB', { style: 'currency', currency });
    } catch {
      return null;
    }
    formatters.set(key, f);
  }
  return f;
}

/** Minor-unit digits of a currency (JPY 0, EUR 2, KWD 3); 2 when the code is unknown. */
export function currencyDigits(currency: string): number {
  return formatterFor(currency)?.resolvedOptions().maximumFractionDigits ?? 2;
}

/** "€12.50" from 1250 and "EUR". Unknown codes fall back to "12.50 XYZ". */
export function formatMoney(amountMinor: number, currency: string, locale?: string): string {
  const digits = currencyDigits(currency);
  const major = amountMinor / 10 ** digits;
  const f = formatterFor(currency, locale);
  return f ? f.format(major) : `${major.toFixed(digits)} ${currency}`;
}

/** A typed major amount ("12.5") to minor units (1250); null when it is not a non-negative number. */
export function toMinor(major: string | number, currency: string): number | null {
  const text = String(major).trim().replace(',', '.');
  if (text === '' || !/^\d+(\.\d+)?$/.test(text)) return null;
  return Math.round(Number(text) * 10 ** currencyDigits(currency));
}

/** Minor units to the major amount a number input shows (1250 -> 12.5). */
export function toMajor(amountMinor: number, currency: string): number {
  return amountMinor / 10 ** currencyDigits(currency);
}
