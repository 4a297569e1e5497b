import { Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { type QueryKey, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useShown } from '../hooks/use-shown';

interface PageSectionProps {
  /** The section's id; its heading is `<id>-title`. */
  id: string;
  title: string;
  /** Links beside the heading (to the page that has the rest). */
  actions?: ReactNode;
  children: ReactNode;
}

/** One section of the student's page: a card whose third-level heading names it. */
export function PageSection({ id, title, actions, children }: PageSectionProps) {
  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p="md"
      aria-labelledby={`${id}-title`}
      data-testid={`student-${id}`}
    >
      <Group justify="space-between" align="center" gap="xs" mb="sm">
        <Title order={2} size="h3" id={`${id}-title`}>
          {title}
        </Title>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      {children}
    </Paper>
  );
}

/**
 * A section that asks for its data only once it comes on screen: `query` is the section's query
 * options (one call), `children` draws its answer; a skeleton stands in until then.
 */
export function LazySection<T, K extends QueryKey>({
  query,
  children,
  actions,
  ...section
}: Omit<PageSectionProps, 'children'> & {
  query: UseQueryOptions<T, Error, T, K>;
  children: (data: T) => ReactNode;
}) {
  const [ref, shown] = useShown<HTMLDivElement>();
  const { data, isError } = useQuery({ ...query, enabled: shown });
  return (
    <div ref={ref}>
      <PageSection {...section} actions={actions}>
        {data ? (
          children(data)
        ) : isError ? null : (
          <Stack gap="xs" aria-hidden>
            <Skeleton height={18} width="40%" />
            <Skeleton height={60} />
          </Stack>
        )}
      </PageSection>
    </div>
  );
}
