import { Text } from '@mantine/core';

/** A refused save's message that belongs to no one field, under a compact inline form. */
export function FormMessage({ message }: { message: unknown }) {
  if (!message) return null;
  return (
    <Text c="red" size="xs" mt={4} role="alert">
      {String(message)}
    </Text>
  );
}
