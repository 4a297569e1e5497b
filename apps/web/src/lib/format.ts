import type { Language } from '@tutoria/shared';
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
 * Money in the centre's currency (config `CURRENCY`): the server's JSON number (at most two
 * decimals) or decimal string, formatted by Intl digit for digit ("¥1,234.50"). The browser only
 * formats money; every sum comes computed from the server.
 */
export function formatMoney(
  amount: number | string,
  language: Language = currentLanguage(),
  currency: string = getClientConfig().currency,
): string {
  const locale = intlLocale[language];
  // Amounts carry up to two decimals whatever the currency's usual minor unit: Intl's default for
  // IRR or JPY is none, and "250.5" must not be shown as 251 (DESIGN §4: never a rounded figure).
  const usual = new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions();
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    maximumFractionDigits: Math.max(2, usual.minimumFractionDigits ?? 0),
  }).format(String(amount) as Intl.StringNumericLiteral);
}
