import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { NotificationsHost } from './notifications-host';
import { cssVariablesResolver, theme } from './theme';

/** Around every page; the query layer's provider sits in the signed-in shell (issue 9). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <NotificationsHost />
      {children}
    </MantineProvider>
  );
}
