import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { handledEscapes } from '@/lib/escape-layers';
import { NotificationsHost } from './notifications-host';
import { cssVariablesResolver, theme } from './theme';

/**
 * Every dialog's close button says what it does in the page's language (a bare "button" to a
 * screen reader before, and where focus lands as a dialog opens), and every dialog leaves an
 * Escape meant for an inner layer alone (lib/escape-layers.ts).
 */
function dialogDefaults(closeLabel: string) {
  const defaultProps = {
    closeButtonProps: { 'aria-label': closeLabel },
    __handledEscapeEvents: handledEscapes,
  };
  return { components: { Modal: { defaultProps }, Drawer: { defaultProps } } };
}

/** Around every page; the query layer's provider sits in the signed-in shell (issue 9). */
export function AppProviders({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const closeLabel = t('close');
  const languageTheme = useMemo(() => mergeThemeOverrides(theme, dialogDefaults(closeLabel)), [closeLabel]);
  return (
    <MantineProvider theme={languageTheme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <NotificationsHost />
      {children}
    </MantineProvider>
  );
}
