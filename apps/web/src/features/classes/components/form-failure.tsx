import '@mantine/core/styles/Alert.layer.css';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** What stops a save and belongs to no one field (a clash, a step's first error), above the buttons. */
export function FormFailure({ children, mt }: { children: ReactNode; mt?: string }) {
  if (!children) return null;
  return (
    <Alert mt={mt} color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
      {children}
    </Alert>
  );
}
