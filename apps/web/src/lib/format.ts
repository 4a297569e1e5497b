import { currencyDecimals, formatMoneyIn, type Language } from '@tutoria/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import utc from 'dayjs/plugin/utc';
import { getClientConfig } from './client-config';
import { currentLanguage } from './i18n';
import { zoneOffsetMinutes } from './time';

dayjs.extend(utc);

/**
 * The one place dates, times, durations, numbers, sizes and money are formatted for display, in
 * the current language (issue #13): dayjs with its `zh-cn` locale for SPEC §9's formats, and
 * `Intl.NumberFormat` for numbers and units. Each function takes the language, the current one
 * by default; components re-render on a language switch through their `useTranslation`.
 */

/** Display formats of SPEC §9; the long one reads "下午4:00" in Chinese. */
export const dateFormats = {
  en: { date: 'YYYY-MM-DD', long: 'YYYY-MM-DD, h:mm a', yearMonth: 'YYYY-MM', time: 'HH:mm' },
  zh: { date: 'YYYY-MM-DD', long: 'YYYY-MM-DD, Ah:mm', yearMonth: 'YYYY-MM', time: 'HH:mm' },
} as const satisfies Record<Language, Record<string, string>>;
export type DateFormat = keyof (typeof dateFormats)['en'];

const dayjsLocale: Record<Language, string> = { en: 'en', zh: 'zh-cn' };
const intlLocale: Record<Language, string> = { en: 'en-GB', zh: 'zh-CN' };

/** Server times are epoch seconds; they are shown in the centre's time zone. */
export function formatEpoch(
  seconds: number,
  format: DateFormat = 'long',
  language: Language = currentLanguage(),
): string {
  const ms = seconds * 1000;
  // A fixed offset shows the same wall clock as `tz()` at this instant, without its cost (time.ts).
  return dayjs(ms)
    .utcOffset(zoneOffsetMinutes(ms, getClientConfig().timeZone))
    .locale(dayjsLocale[language])
    .format(dateFormats[language][format]);
}

/** "09:00–10:30" in the centre's zone. */
export function formatTimeRange(start: number, end: number, language: Language = currentLanguage()): string {
  return `${formatEpoch(start, 'time', language)}–${formatEpoch(end, 'time', language)}`;
}

/** "Mon 24 Nov, 09:00–10:30" (11月24日周一, 09:00–10:30), in the centre's zone. */
export function formatSpan(start: number, end: number, language: Language = currentLanguage()): string {
  const day = new Intl.DateTimeFormat(intlLocale[language], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: getClientConfig().timeZone,
  }).format(new Date(start * 1000));
  return `${day}, ${formatTimeRange(start, end, language)}`;
}

/** Hours, counts and the like in the language's number format. */
export function formatNumber(
  value: number,
  language: Language = currentLanguage(),
  maximumFractionDigits = 2,
): string {
  return new Intl.NumberFormat(intlLocale[language], { maximumFractionDigits }).format(value);
}

function formatUnit(value: number, unit: string, language: Language, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(intlLocale[language], {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits,
  }).format(value);
}

/** A length in minutes: "90 mins", "90分钟". */
export function formatDuration(minutes: number, language: Language = currentLanguage()): string {
  return formatUnit(minutes, 'minute', language);
}

/** A length in hours: "1.5 hrs", "1.5小时". */
export function formatHours(hours: number, language: Language = currentLanguage()): string {
  return formatUnit(hours, 'hour', language);
}

/** A file's size in B, kB or MB (unit symbols in both languages). */
export function formatFileSize(bytes: number, language: Language = currentLanguage()): string {
  if (bytes < 1024) return formatUnit(bytes, 'byte', language, 0).replace(/\s*(byte|bytes)$/, ' B');
  if (bytes < 1024 * 1024) return formatUnit(bytes / 1024, 'kilobyte', language, 1);
  return formatUnit(bytes / (1024 * 1024), 'megabyte', language, 1);
}

/**
 * Money in the centre's currency (config `CURRENCY`), with the currency's own minor units (issue
 * 27): "CN¥1,234.50", "IRR 1,235". From the server's JSON number (at most two decimals) or decimal
 * string, formatted by Intl digit for digit; the browser only formats money, every sum comes
 * computed from the server.
 */
export function formatMoney(
  amount: number | string,
  language: Language = currentLanguage(),
  currency: string = getClientConfig().currency,
): string {
  return formatMoneyIn(amount, currency, language);
}

/** How many decimals an amount of the centre's currency is typed with (IRR 0, CNY 2). */
export function moneyDecimals(currency: string = getClientConfig().currency): number {
  return Math.min(currencyDecimals(currency), 2);
}

/** E.164's two-digit country calling codes; 1 and 7 are the one-digit ones, every other has three. */
const TWO_DIGIT_CODES = new Set(
  '20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98'.split(
    ' ',
  ),
);
/** The national number's groups by its length: 3-4-4 for eleven digits (China's mobiles), 3-3-4 for ten. */
const PHONE_GROUPS: Record<number, number[]> = {
  6: [3, 3],
  7: [3, 4],
  8: [4, 4],
  9: [3, 3, 3],
  10: [3, 3, 4],
  11: [3, 4, 4],
  12: [4, 4, 4],
  13: [3, 3, 3, 4],
  14: [3, 3, 4, 4],
};

/**
 * A stored phone number (E.164, as the forms keep it: "+8613800000001") for reading: the country
 * code, then the national number in groups — "+86 138 0000 0001", "+98 912 345 6789". One rule
 * for every country rather than each one's own conventions (a phone library would weigh more than
 * the pages that show a phone). Anything else is shown as stored.
 */
export function formatPhone(phone: string): string {
  if (!/^\+[1-9]\d{6,14}$/.test(phone)) return phone;
  const digits = phone.slice(1);
  const codeLength = '17'.includes(digits[0]!) ? 1 : TWO_DIGIT_CODES.has(digits.slice(0, 2)) ? 2 : 3;
  const national = digits.slice(codeLength);
  const parts: string[] = [];
  let at = 0;
  for (const size of PHONE_GROUPS[national.length] ?? [national.length]) {
    parts.push(national.slice(at, at + size));
    at += size;
  }
  return `+${digits.slice(0, codeLength)} ${parts.join(' ')}`;
}
