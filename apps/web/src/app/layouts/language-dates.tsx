import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Date pickers name months and weekdays in the current language (dayjs `zh-cn`, issue #13). Only
 * signed-in pages have date pickers, so this sits in their shell, off the sign-in page (issue #9).
 */
export function LanguageDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'zh' ? 'zh-cn' : 'en';
  return <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
