import type { ListQueryInput } from '@tutoria/shared';

export const courseKeys = {
  all: ['courses'] as const,
  list: (query: ListQueryInput) => ['courses', 'list', query] as const,
};
