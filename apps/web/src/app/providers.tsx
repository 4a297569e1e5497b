import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '@/lib/query-client';
import { NotificationsHost } from './notifications-host';
import { theme } from './theme';

/** Date pickers name months and weekdays in the current language (dayjs `zh-cn`, issue #13). */
function LanguageDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'zh' ? 'zh-cn' : 'en';
  return <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <NotificationsHost />
      <QueryClientProvider client={queryClient}>
        <LanguageDates>{children}</LanguageDates>
      </QueryClientProvider>
    </MantineProvider>
  );
}
