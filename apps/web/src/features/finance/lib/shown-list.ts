import type { QueryKey } from '@tanstack/react-query';
import type { ListQueryInput } from '@tutoria/shared';
import type { ListPage, ServerListOptions } from '@/hooks/server-list-request';
import type { FilterSchema } from '@/lib/list-params';

export type ListShape = Pick<ListQueryInput, 'where' | 'order'>;

/**
 * A list's options that also note, in `shown`, the where groups and order the list builds its body
 * with (during render, as it asks for its page): an export of that list sends exactly the same.
 * The query itself is the list's, so the route loader's prefetch is the one the page finds.
 */
export function noteShown<Page extends ListPage, F extends FilterSchema, Key extends QueryKey>(
  options: ServerListOptions<Page, F, Key>,
  shown: ListShape,
): ServerListOptions<Page, F, Key> {
  return {
    ...options,
    query: (body, filters) => {
      shown.where = body.where ?? [];
      shown.order = body.order ?? [];
      return options.query(body, filters);
    },
  };
}
