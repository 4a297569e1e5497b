import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SchemaForm } from '@/hooks/use-schema-form';
import { formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useStudentContracts } from '../api/contracts';
import type { DepositFormValues } from './deposit-form-modal';
import { StudentSelect } from './student-select';

/**
 * The deposit form's fields for a contract payment (issue 28): a student in reach, then one of
 * their contracts — each with what is left to pay — instead of a class and its students.
 */
export function ContractPaymentFields({ form, studentName }: { form: SchemaForm<DepositFormValues>; studentName: string | null }) {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const studentKey = form.values.studentPublicKey;
  const contracts = useStudentContracts(studentKey);
  const options = (contracts.data?.contracts ?? []).map((c) => ({
    value: c.contractId,
    label: `${t(`contractTypes.${c.contractType}`)} · ${t('contractForm.left', { balance: formatMoney(c.balance, language) })}`,
  }));
  const none = contracts.data !== undefined && options.length === 0;
  return (
    <>
      <StudentSelect
        label={t('fields.student')}
        value={studentKey}
        knownName={studentName}
        withAsterisk
        error={form.errors.studentPublicKey}
        onChange={(value) => {
          form.setFieldValue('studentPublicKey', value);
          form.setFieldValue('contractId', null);
        }}
      />
      <Select
        label={t('contractForm.contract')}
        data={options}
        withAsterisk
        disabled={studentKey === null}
        description={none ? t('contractForm.noContracts') : undefined}
        comboboxProps={{ withinPortal: true }}
        key={form.key('contractId')}
        {...form.getInputProps('contractId')}
      />
    </>
  );
}
