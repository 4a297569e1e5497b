import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import 'mantine-datatable/styles.layer.css';
import { useTranslation } from 'react-i18next';

export const PAGE_SIZES = [10, 20, 50];

/**
 * What every server-paged table shares (DESIGN §8): the empty state 'There is no item', page
 * sizes, and the pager's texts in the current language. mantine-datatable counts the pages as
 * ceil(total / page size) from `totalRecords` and `recordsPerPage`.
 */
export function useServerTableProps() {
  const { t } = useTranslation(['common', 'messages']);
  return {
    highlightOnHover: true,
    noRecordsText: t('messages:noItem'),
    recordsPerPageOptions: PAGE_SIZES,
    recordsPerPageLabel: t('common:table.perPage'),
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      t('common:table.pagination', { from, to, total: totalRecords }),
    paginationWrapBreakpoint: 'sm',
  } as const;
}
