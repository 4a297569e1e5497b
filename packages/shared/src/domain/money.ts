/**
 * The centre's currency and its minor units (issue 27): Intl's own digits for the currency — IRR
 * and JPY 0, CNY 2, KWD 3 — are how amounts are shown, typed and written to a spreadsheet, and a
 * currency without minor units takes whole amounts only. Zod-free: the browser's formatting module
 * imports it. Money is stored with two decimals (numeric(18,2)) whatever the currency.
 */
import type { Language } from '../errors.ts';

const decimalsOf = new Map<string, number>();
const formats = new Map<string, Intl.NumberFormat>();
const moneyLocale: Record<Language, string> = { en: 'en-GB', zh: 'zh-CN' };

/** A currency's minor units as Intl knows them (ISO 4217 with CLDR's digits): IRR 0, CNY 2. */
export function currencyDecimals(currency: string): number {
  let places = decimalsOf.get(currency);
  if (places === undefined) {
    places =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    decimalsOf.set(currency, places);
  }
  return places;
}

/** Whether Intl knows this ISO 4217 code (a three-letter code Intl merely accepts is not enough). */
export function isKnownCurrency(currency: string): boolean {
  return Intl.supportedValuesOf('currency').includes(currency);
}

/** Whether an amount (a JSON number, or its decimal string) has at most this many decimals. */
export function hasAtMostDecimals(amount: number | string, places: number): boolean {
  const decimals = /^-?\d+(?:\.(\d+))?$/.exec(String(amount));
  return decimals !== null && (decimals[1] ?? '').replace(/0+$/, '').length <= places;
}

/**
 * An amount in the currency, in the reader's language, with the currency's own minor units
 * ("CN¥1,234.50", "IRR 1,235"): Intl formats the decimal string's digits, never a float, and
 * rounds half away from zero to the currency's unit. The browser's `formatMoney` and the server's
 * texts ("more than the unused credit (¥150.50)") both use it.
 */
export function formatMoneyIn(amount: number | string, currency: string, language: Language): string {
  const key = `${language} ${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(moneyLocale[language], { style: 'currency', currency });
    formats.set(key, format);
  }
  return format.format(String(amount) as Intl.StringNumericLiteral);
}
