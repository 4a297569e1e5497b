import { describe, expect, it } from 'vitest';
import { currencyDecimals, formatMoneyIn, hasAtMostDecimals, isKnownCurrency } from './money.ts';

describe('the currency’s minor units (issue 27)', () => {
  it('are Intl’s: none for rials and yen, two for yuan, three for dinars', () => {
    expect(currencyDecimals('IRR')).toBe(0);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('CNY')).toBe(2);
    expect(currencyDecimals('KWD')).toBe(3);
  });

  it('knows ISO 4217 codes, not any three letters', () => {
    expect(isKnownCurrency('IRR')).toBe(true);
    expect(isKnownCurrency('CNY')).toBe(true);
    expect(isKnownCurrency('ABC')).toBe(false);
    expect(isKnownCurrency('cny')).toBe(false);
  });

  it('tell an amount with more decimals than the unit has', () => {
    expect(hasAtMostDecimals(450, 0)).toBe(true);
    expect(hasAtMostDecimals('450.00', 0)).toBe(true);
    expect(hasAtMostDecimals(450.5, 0)).toBe(false);
    expect(hasAtMostDecimals('450.50', 1)).toBe(true);
    expect(hasAtMostDecimals(0.01, 2)).toBe(true);
    expect(hasAtMostDecimals(0.001, 2)).toBe(false);
    expect(hasAtMostDecimals(1e21, 0)).toBe(false);
  });
});

describe('money for reading', () => {
  it('has the currency’s decimals in the reader’s language', () => {
    expect(formatMoneyIn('1234.5', 'CNY', 'en')).toBe('CN¥1,234.50');
    expect(formatMoneyIn('1234.5', 'CNY', 'zh')).toBe('¥1,234.50');
    expect(formatMoneyIn('1234.5', 'IRR', 'en')).toBe('IRR\u00a01,235');
    expect(formatMoneyIn('12345678901234567.55', 'CNY', 'en')).toBe('CN¥12,345,678,901,234,567.55');
  });
});
