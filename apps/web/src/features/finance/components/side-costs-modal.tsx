import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { ActionIcon, Button, Group, Modal, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ClassroomBalance, type SideCost, SIDE_COSTS_MAX, upsertSideCostsBody } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { currentLanguage } from '@/lib/i18n';
import { formatMoney, moneyDecimals } from '@/lib/format';
import figures from '@/lib/figures.module.css';
import { useUpsertSideCosts } from '../api/fees';
import { FormFooter } from './form-footer';

interface Item {
  sideCostId: string | null;
  title: string;
  amount: number | string;
}
interface Values extends Record<string, unknown> {
  sideCosts: Item[];
}

interface SideCostsModalProps {
  /** The student (in a class) whose side costs are shown; none: closed. */
  row: ClassroomBalance | null;
  /** That student's live side costs. */
  sideCosts: SideCost[];
  canEdit: boolean;
  onClose: () => void;
}

/**
 * A student's side costs in a class (SPEC §7 UpsertStudentSideCosts): title and amount, added,
 * edited and removed as one list by the student's consultant; others read them. Each is charged
 * to the student's credit (docs/finance.md "Side costs").
 */
export function SideCostsModal({ row, sideCosts, canEdit, onClose }: SideCostsModalProps) {
  const { t } = useTranslation('finance');
  return (
    <Modal opened={row !== null} onClose={onClose} title={t('sideCosts.title')} size="lg" centered>
      {row ? (
        canEdit ? (
          <SideCostsForm
            key={`${row.classroomId}-${row.studentPublicKey}`}
            row={row}
            sideCosts={sideCosts}
            onDone={onClose}
          />
        ) : (
          <SideCostsTable row={row} sideCosts={sideCosts} />
        )
      ) : null}
    </Modal>
  );
}

function SideCostsTable({ row, sideCosts }: { row: ClassroomBalance; sideCosts: SideCost[] }) {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  return (
    <Stack gap="sm">
      <Text size="sm">{t('sideCosts.body', { student: row.studentName, classroom: row.classroomName })}</Text>
      {sideCosts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sideCosts.none')}
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {sideCosts.map((s) => (
              <Table.Tr key={s.sideCostId}>
                <Table.Td>{s.title}</Table.Td>
                <Table.Td ta="right" className={figures.figures}>
                  {formatMoney(s.amount, language)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function SideCostsForm({
  row,
  sideCosts,
  onDone,
}: {
  row: ClassroomBalance;
  sideCosts: SideCost[];
  onDone: () => void;
}) {
  const { t } = useTranslation('finance');
  const save = useUpsertSideCosts();
  const toBody = (v: Values) => ({
    classroomId: row.classroomId,
    studentPublicKey: row.studentPublicKey,
    sideCosts: v.sideCosts.map((s) => ({
      ...(s.sideCostId ? { sideCostId: s.sideCostId } : {}),
      title: s.title,
      amount: s.amount === '' ? Number.NaN : Number(s.amount),
    })),
  });
  const form = useSchemaForm<Values>(
    bodySchema(upsertSideCostsBody, toBody),
    { sideCosts: sideCosts.map((s) => ({ sideCostId: s.sideCostId, title: s.title, amount: s.amount })) },
    { mode: 'controlled' },
  );
  const items = form.values.sideCosts;
  return (
    <form noValidate onSubmit={form.onSave(save, (v) => upsertSideCostsBody.parse(toBody(v)), onDone)}>
      <Stack gap="md">
        <Text size="sm">
          {t('sideCosts.body', { student: row.studentName, classroom: row.classroomName })}
        </Text>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('sideCosts.none')}
          </Text>
        ) : null}
        {items.map((item, i) => (
          <Group key={item.sideCostId ?? `new-${i}`} align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label={i === 0 ? t('sideCosts.itemTitle') : undefined}
              aria-label={t('sideCosts.itemTitle')}
              withAsterisk={i === 0}
              style={{ flex: 1 }}
              {...form.getInputProps(`sideCosts.${i}.title`)}
            />
            <NumberInput
              label={i === 0 ? t('sideCosts.amount') : undefined}
              aria-label={t('sideCosts.amount')}
              withAsterisk={i === 0}
              min={0}
              decimalScale={moneyDecimals()}
              thousandSeparator=","
              w={160}
              {...form.getInputProps(`sideCosts.${i}.amount`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={i === 0 ? 28 : 4}
              aria-label={t('sideCosts.remove')}
              onClick={() => form.removeListItem('sideCosts', i)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={items.length >= SIDE_COSTS_MAX}
            onClick={() => form.insertListItem('sideCosts', { sideCostId: null, title: '', amount: '' })}
          >
            {t('sideCosts.add')}
          </Button>
        </Group>
        <FormFooter error={form.errors.form} onCancel={onDone} loading={save.isPending} />
      </Stack>
    </form>
  );
}
