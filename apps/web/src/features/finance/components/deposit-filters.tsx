import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { depositStates, paymentMethod, paymentMethods } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
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
      <TextInput
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        w={{ base: '100%', sm: 280 }}
        type="search"
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
      {list.hasFilters ? (
        <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={list.clearFilters}>
          {t('filters.clear')}
        </Button>
      ) : null}
    </Group>
  );
}
