import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import { Badge, Button, Group, Modal, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { editTeacherSalaryBody, type TeacherSalary } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { formatEpoch, formatMoney, moneyDecimals } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import figures from '@/lib/figures.module.css';
import { useEditTeacherSalary, useTeacherSalary } from '../api/fees';
import { FormFooter } from './form-footer';

/**
 * A class's teacher salary per hour on its details (DESIGN §7 "Prices"): seen by those who set
 * teacher pay (FinancialAdmin, Admin) and by the class's own teacher, never by students or others;
 * set by the financial admin, starting from the teacher's fee for the class's lesson type.
 */
export function TeacherSalarySection({
  classroomId,
  teacherPublicKey,
}: {
  classroomId: string;
  teacherPublicKey: string;
}) {
  const user = useCurrentUser();
  const permissions = user?.permissions ?? [];
  const mayManage =
    permissions.includes('prices.setTeacherSalary') || permissions.includes('teacherFees.manage');
  const ownClass = user?.role === 'Teacher' && user.publicKey === teacherPublicKey;
  return mayManage || ownClass ? (
    <SalaryCard classroomId={classroomId} canEdit={permissions.includes('prices.setTeacherSalary')} />
  ) : null;
}

function SalaryCard({ classroomId, canEdit }: { classroomId: string; canEdit: boolean }) {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const salary = useTeacherSalary(classroomId);
  const [editing, setEditing] = useState(false);
  if (!salary.data) return null;
  const s = salary.data;
  return (
    <Paper withBorder radius="lg" p="md" mt="lg" data-testid="teacher-salary">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('salary.title')}
          </Title>
          <Group gap="xs">
            <Text size="xl" fw={600} className={figures.figures} data-testid="teacher-salary-value">
              {s.teacherSalaryPerHour === null
                ? t('salary.none')
                : t('salary.perHour', { amount: formatMoney(s.teacherSalaryPerHour, language) })}
            </Text>
            {s.fromFee && s.teacherSalaryPerHour !== null ? (
              <Badge variant="light" color="gray">
                {t('salary.fromFee')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {s.updatedAt !== null
              ? t('salary.updated', { name: s.updatedByName ?? '—', date: formatEpoch(s.updatedAt, 'long') })
              : s.feePerHour === null
                ? t('salary.noFee', { teacher: s.teacherName })
                : t('salary.feeOf', { teacher: s.teacherName, amount: formatMoney(s.feePerHour, language) })}
          </Text>
        </Stack>
        {canEdit ? (
          <Button size="xs" variant="light" onClick={() => setEditing(true)}>
            {t('salary.set')}
          </Button>
        ) : null}
      </Group>
      <Modal opened={editing} onClose={() => setEditing(false)} title={t('salary.title')} centered>
        {editing ? <SalaryForm salary={s} onDone={() => setEditing(false)} /> : null}
      </Modal>
    </Paper>
  );
}

interface Values extends Record<string, unknown> {
  amount: number | string;
}

function SalaryForm({ salary, onDone }: { salary: TeacherSalary; onDone: () => void }) {
  const { t } = useTranslation('finance');
  const save = useEditTeacherSalary();
  const toBody = (v: Values) => ({
    classroomId: salary.classroomId,
    teacherSalaryPerHour: v.amount === '' ? Number.NaN : Number(v.amount),
  });
  const form = useSchemaForm<Values>(bodySchema(editTeacherSalaryBody, toBody), {
    amount: salary.teacherSalaryPerHour ?? '',
  });
  return (
    <form noValidate onSubmit={form.onSave(save, (v) => editTeacherSalaryBody.parse(toBody(v)), onDone)}>
      <Stack gap="md">
        <Text size="sm">{t('salary.body', { teacher: salary.teacherName })}</Text>
        <NumberInput
          label={t('salary.amount')}
          min={0}
          decimalScale={moneyDecimals()}
          thousandSeparator=","
          withAsterisk
          key={form.key('amount')}
          {...form.getInputProps('amount')}
          error={form.errors.amount ?? form.errors.teacherSalaryPerHour}
        />
        <FormFooter error={form.errors.form} onCancel={onDone} loading={save.isPending} />
      </Stack>
    </form>
  );
}
