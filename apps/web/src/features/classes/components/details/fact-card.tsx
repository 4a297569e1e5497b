import { ActionIcon, Anchor, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One card of the class facts: a title, an optional add button and its rows. */
export function FactCard({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" mb="xs">
        <Text fw={700}>{title}</Text>
        {action}
      </Group>
      <Stack gap={6}>{children}</Stack>
    </Paper>
  );
}

/** A label and its value on one line. */
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" truncate>
        {value}
      </Text>
    </Group>
  );
}

interface FactRowProps {
  text: string;
  hint?: string;
  /** Where the row's text leads (a student's page), when the viewer may open it. */
  to?: string | null;
  /** Offered when the row may be removed. */
  onRemove?: () => void;
  removeLabel: string;
}

/** A student, lesson or course of the class, with its remove button when it may go. */
export function FactRow({ text, hint, to, onRemove, removeLabel }: FactRowProps) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Stack gap={0} style={{ minWidth: 0 }}>
        {to ? (
          <Anchor component={Link} to={to} size="sm" truncate display="block">
            {text}
          </Anchor>
        ) : (
          <Text size="sm" truncate>
            {text}
          </Text>
        )}
        {hint ? (
          <Text size="xs" c="dimmed" truncate>
            {hint}
          </Text>
        ) : null}
      </Stack>
      {onRemove ? (
        <Tooltip label={removeLabel}>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={removeLabel} onClick={onRemove}>
            <IconTrash size={14} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="light" size="sm" aria-label={label} onClick={onClick}>
        <IconPlus size={14} />
      </ActionIcon>
    </Tooltip>
  );
}
