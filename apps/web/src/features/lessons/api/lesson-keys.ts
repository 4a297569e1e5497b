import type { ListQueryInput } from '@tutoria/shared';

/** Query keys of lessons; courses show lesson data too, so lesson changes refresh both. */
export const lessonKeys = {
  all: ['lessons'] as const,
  list: (query: ListQueryInput) => ['lessons', 'list', query] as const,
};
