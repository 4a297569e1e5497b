import type { Language } from '@tutoria/shared';
import { getClientConfig } from '@/lib/client-config';

/**
 * Money as the user reads it: the centre's currency (config `CURRENCY`) through Intl.NumberFormat
 * in the current language, two decimals at most. The amount arrives from the server already
 * computed (in SQL): the browser only formats it, it never adds money up. Kept in one file so it
 * can be folded into `@/lib/format` with the other formatters.
 */
export function formatMoney(amount: number, language: Language): string {
  return new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : 'en-GB', {
    style: 'currency',
    currency: getClientConfig().currency,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** Hours with at most two decimals, in the current language. */
export function formatHours(hours: number, language: Language): string {
  return new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : 'en-GB', { maximumFractionDigits: 2 }).format(hours);
}
