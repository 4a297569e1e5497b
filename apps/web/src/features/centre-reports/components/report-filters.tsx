import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/dates/styles.layer.css';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { withFilter } from '../lib/report-filters';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day of the browser's calendar as YYYY-MM-DD. */
const dayOf = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * A report's filters in the URL's query (bookmarkable): each read as the URL has it, each change
 * written back keeping the others (an empty value removes its key).
 */
export function useReportParams() {
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string | null | undefined>) => setParams(withFilter(params, changes));
  return { params, set };
}

/** The period in the URL (`from`, `to`), this year's 1 January to today unless named. */
export function periodOf(params: URLSearchParams) {
  const today = new Date();
  const named = (name: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : undefined;
  };
  return { from: named('from') ?? `${today.getFullYear()}-01-01`, to: named('to') ?? dayOf(today) };
}

/** A period's first and last day (both included), each change handed on as YYYY-MM-DD. */
export function PeriodInputs({
  from,
  to,
  onChange,
  testId,
}: {
  from: string;
  to: string;
  onChange: (change: { from?: string; to?: string }) => void;
  testId: string;
}) {
  const { t } = useTranslation('centreReports');
  const input = (name: 'from' | 'to', value: string) => (
    <DateInput
      label={t(`filters.${name}`)}
      valueFormat="YYYY-MM-DD"
      value={value}
      onChange={(next) => next && onChange({ [name]: next.slice(0, 10) })}
      w={{ base: '100%', xs: 150 }}
      popoverProps={{ withinPortal: true }}
      data-testid={`${testId}-${name}`}
    />
  );
  return (
    <>
      {input('from', from)}
      {input('to', to)}
    </>
  );
}

/** The period's two days, written to the URL as they change. */
export function PeriodFilter({ from, to, testId }: { from: string; to: string; testId: string }) {
  const { set } = useReportParams();
  return <PeriodInputs from={from} to={to} onChange={set} testId={testId} />;
}

/** A name in a report's table that narrows the report to it (the URL's filter changed, the others kept). */
export function FilterLink({ change, children }: { change: Record<string, string>; children: ReactNode }) {
  const [params] = useSearchParams();
  return (
    <Anchor component={Link} to={`?${withFilter(params, change).toString()}`} size="sm">
      {children}
    </Anchor>
  );
}
