import { describe, expect, it } from 'vitest';
import { testClientConfig } from '../../test/client-config';
import { calendarLocale } from './calendar-locale';
import { setClientConfig } from './client-config';
import {
  formatDuration,
  formatEpoch,
  formatFileSize,
  formatHours,
  formatMoney,
  formatNumber,
  formatPhone,
  formatSpan,
  formatTimeRange,
  moneyDecimals,
} from './format';

/** 2026-11-25 16:00 and 09:30 in Shanghai. */
const afternoon = Date.UTC(2026, 10, 25, 8, 0) / 1000;
const morning = Date.UTC(2026, 10, 25, 1, 30) / 1000;

// The centre's time zone comes from the start-up config (read before the cases are built).
setClientConfig({ ...testClientConfig(), timeZone: 'Asia/Shanghai' });

/** Unit symbols (B, kB, MB) are codes, the same in every language. */
const UNIT_CODES = /\b(B|kB|MB)\b/g;
const latin = (text: string) => text.replace(UNIT_CODES, '').match(/[A-Za-z]/g) ?? [];

describe('the formatting module in Chinese', () => {
  const zh = {
    long: formatEpoch(afternoon, 'long', 'zh'),
    longMorning: formatEpoch(morning, 'long', 'zh'),
    date: formatEpoch(afternoon, 'date', 'zh'),
    time: formatEpoch(afternoon, 'time', 'zh'),
    yearMonth: formatEpoch(afternoon, 'yearMonth', 'zh'),
    range: formatTimeRange(morning, afternoon, 'zh'),
    span: formatSpan(morning, afternoon, 'zh'),
    number: formatNumber(12345.678, 'zh'),
    duration: formatDuration(90, 'zh'),
    hours: formatHours(1.5, 'zh'),
    bytes: formatFileSize(512, 'zh'),
    kilobytes: formatFileSize(2048, 'zh'),
    megabytes: formatFileSize(5 * 1024 * 1024, 'zh'),
    money: formatMoney('1234.50', 'zh', 'CNY'),
  };

  it.each(Object.entries(zh))('%s has no Latin letters other than codes (%s)', (_name, text) => {
    expect(latin(text)).toEqual([]);
  });

  it('reads SPEC §9 formats with 上午/下午 and Chinese units', () => {
    expect(zh.long).toBe('2026-11-25, 下午4:00');
    expect(zh.longMorning).toBe('2026-11-25, 上午9:30');
    expect(zh.date).toBe('2026-11-25');
    expect(zh.range).toBe('09:30–16:00');
    expect(zh.span).toBe('11月25日周三, 09:30–16:00');
    expect(zh.duration).toBe('90分钟');
    expect(zh.hours).toBe('1.5小时');
    expect(zh.number).toBe('12,345.68');
    expect(zh.money).toBe('¥1,234.50');
  });

  it("FullCalendar's Chinese texts, screen-reader hints included, have no English left", () => {
    const locale = calendarLocale('zh');
    expect(typeof locale).toBe('object');
    const texts = Object.entries(locale as Record<string, unknown>)
      .filter(([key]) => key !== 'code' && key !== 'week')
      .map(([_key, value]) =>
        typeof value === 'function' ? (value as (...args: unknown[]) => string)(3, 'week') : String(value),
      );
    for (const text of texts) expect(latin(text.replace('$0', ''))).toEqual([]);
    expect((locale as { timedText: string }).timedText).toBe('非全天');
  });
});

describe('the formatting module in English', () => {
  it('keeps SPEC §9 formats', () => {
    expect(formatEpoch(afternoon, 'long', 'en')).toBe('2026-11-25, 4:00 pm');
    expect(formatDuration(90, 'en')).toBe('90 mins');
    expect(formatFileSize(512, 'en')).toBe('512 B');
    expect(formatFileSize(2048, 'en')).toBe('2 kB');
  });

  it('formats money from its decimal string without rounding through a float', () => {
    expect(formatMoney('12345678901234567.55', 'en', 'CNY')).toBe('CN¥12,345,678,901,234,567.55');
  });

  it("follows the currency's own minor units (issue 27): none for rials and yen, two for yuan", () => {
    expect(formatMoney('450.5', 'en', 'IRR')).toBe('IRR\u00a0451');
    expect(formatMoney('450.50', 'zh', 'IRR')).toBe('IRR\u00a0451');
    expect(formatMoney(250, 'en', 'IRR')).toBe('IRR\u00a0250');
    expect(formatMoney('1234567', 'en', 'IRR')).toBe('IRR\u00a01,234,567');
    expect(formatMoney('0.25', 'en', 'JPY')).toBe('JP¥0');
    expect(formatMoney('450.5', 'en', 'CNY')).toBe('CN¥450.50');
    expect(formatMoney('3', 'en', 'CNY')).toBe('CN¥3.00');
    expect(formatMoney('-12.5', 'zh', 'CNY')).toBe('-¥12.50');
  });

  it('types money with the currency’s decimals, at most the two the server stores', () => {
    expect(moneyDecimals('IRR')).toBe(0);
    expect(moneyDecimals('CNY')).toBe(2);
    expect(moneyDecimals('KWD')).toBe(2);
  });
});

describe('phone numbers for reading (issue 27)', () => {
  it('reads a stored number as its country code and the national number in groups', () => {
    expect(formatPhone('+8613800000001')).toBe('+86 138 0000 0001');
    expect(formatPhone('+989123456789')).toBe('+98 912 345 6789');
    expect(formatPhone('+14155550100')).toBe('+1 415 555 0100');
    expect(formatPhone('+74951234567')).toBe('+7 495 123 4567');
    expect(formatPhone('+85291234567')).toBe('+852 9123 4567');
    expect(formatPhone('+4915123456789')).toBe('+49 151 2345 6789');
  });

  it('shows anything else as stored', () => {
    expect(formatPhone('8613800000001')).toBe('8613800000001');
    expect(formatPhone('+86 138 0000 0001')).toBe('+86 138 0000 0001');
    expect(formatPhone('')).toBe('');
  });
});
