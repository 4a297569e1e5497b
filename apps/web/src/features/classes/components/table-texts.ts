import { useTranslation } from 'react-i18next';

/** Server-paged table texts (DESIGN §8): the empty state 'There is no item' and the pager in the UI language. */
export function useTableTexts() {
  const { t } = useTranslation(['classes', 'messages']);
  return {
    highlightOnHover: true,
    noRecordsText: t('messages:noItem'),
    recordsPerPageLabel: t('classes:table.perPage'),
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      t('classes:table.pagination', { from, to, total: totalRecords }),
    paginationWrapBreakpoint: 'sm',
  } as const;
}
