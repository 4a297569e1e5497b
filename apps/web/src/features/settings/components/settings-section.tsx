import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One section of the settings page: a titled card with a sentence on what it is for. */
export function SettingsSection({
  title,
  description,
  id,
  children,
}: {
  title: string;
  description: string;
  /** An anchor another section points to ("the failed work below"). */
  id?: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} aria-label={title} id={id}>
      <Stack gap={4} mb="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </Stack>
      {children}
    </Paper>
  );
}
