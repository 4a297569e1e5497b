import '@mantine/core/styles/Input.layer.css';
import '@mantine/dates/styles.layer.css';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';

/** The period of a class's or a student's roll call: first and last day, both included. */
export function PeriodFields({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (change: { from?: string; to?: string }) => void;
}) {
  const { t } = useTranslation('centreReports');
  return (
    <>
      <DateInput
        label={t('rollCall.from')}
        valueFormat="YYYY-MM-DD"
        value={from}
        onChange={(value) => value && onChange({ from: value.slice(0, 10) })}
        w={{ base: '100%', xs: 150 }}
        popoverProps={{ withinPortal: true }}
        data-testid="roll-call-from"
      />
      <DateInput
        label={t('rollCall.to')}
        valueFormat="YYYY-MM-DD"
        value={to}
        onChange={(value) => value && onChange({ to: value.slice(0, 10) })}
        w={{ base: '100%', xs: 150 }}
        popoverProps={{ withinPortal: true }}
        data-testid="roll-call-to"
      />
    </>
  );
}
