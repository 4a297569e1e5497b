import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import { Group, Select, TextInput } from '@mantine/core';
import { depositStates, paymentMethod, paymentMethods } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ClearFiltersButton, ListSearchInput } from '@/components/list-filter-fields';
import type { ListFilterState } from '@/hooks/use-server-list';
import { equal, listParam, withinDays } from '@/lib/list-params';

/** The deposits list's filters, as URL params (a filtered list can be bookmarked). */
export const depositFilters = z.object({
  state: listParam.choice(z.enum(depositStates)),
  paymentMethod: listParam.choice(paymentMethod),
  classroomId: listParam.text(),
  studentPublicKey: listParam.text(),
  // contracts (issue 28): a contract's payments, from the contracts page
  contractId: listParam.text(),
  // issue 28: confirmed in a year, a month or on a day (YYYY, YYYY-MM, YYYY-MM-DD in the centre's
  // time zone), from the financial report's links
  confirmedIn: listParam.text(),
});
export type DepositFilterValues = z.output<typeof depositFilters>;

export const depositWhere = (f: DepositFilterValues) => [
  equal('state', f.state),
  equal('paymentMethod', f.paymentMethod),
  equal('classroomId', f.classroomId),
  equal('studentPublicKey', f.studentPublicKey),
  equal('contractId', f.contractId),
  withinDays('confirmedOn', f.confirmedIn),
];

/** Search (student or class name), the state / payment-method filters and when confirmed, above the deposits table. */
export function DepositFilters({ list }: { list: ListFilterState<typeof depositFilters> }) {
  const { t } = useTranslation('finance');
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <ListSearchInput
        state={list}
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        w={{ base: '100%', sm: 280 }}
      />
      <Select
        label={t('filters.state')}
        placeholder={t('filters.any')}
        data={depositStates.map((s) => ({ value: s, label: t(`states.${s}`) }))}
        value={list.filters.state}
        onChange={(value) => list.setFilters({ state: value as DepositFilterValues['state'] })}
        clearable
        w={{ base: '100%', xs: 170 }}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('fields.paymentMethod')}
        placeholder={t('filters.any')}
        data={paymentMethods.map((m) => ({ value: m, label: t(`paymentMethods.${m}`) }))}
        value={list.filters.paymentMethod}
        onChange={(value) =>
          list.setFilters({ paymentMethod: value as DepositFilterValues['paymentMethod'] })
        }
        clearable
        w={{ base: '100%', xs: 190 }}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label={t('filters.confirmedIn')}
        placeholder={t('filters.periodPlaceholder')}
        value={list.filters.confirmedIn ?? ''}
        onChange={(event) => list.setFilters({ confirmedIn: event.currentTarget.value || null })}
        w={{ base: '100%', xs: 170 }}
        data-testid="deposit-confirmed-in"
      />
      <ClearFiltersButton list={list} label={t('filters.clear')} />
    </Group>
  );
}
