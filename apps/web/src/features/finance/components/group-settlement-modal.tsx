import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/dates/styles.layer.css';
import { Checkbox, Group, Loader, Modal, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { lessonTypeLabel, lessonTypes, type LessonType } from '@tutoria/shared';
import dayjs from 'dayjs';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import figures from '@/lib/figures.module.css';
import { formatMoney, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { savedThen } from '@/lib/notify';
import { centreZone, inCentre } from '@/lib/time';
import { type GroupGuideQuery, useGroupGuide, useSettlementMutation } from '../api/settlements';
import { FormFooter } from './form-footer';
import { totalOf } from './settlement-guide-lines';

/**
 * The group settlement: the group guide lists every teacher with earnings in no settlement up to a
 * date (of a lesson type, if chosen), each with their amount; one action makes (and pays) all the
 * checked teachers' settlements in one transaction. Each teacher goes with the amount read here:
 * if the server's guide says otherwise by then, nothing is made and the guide is read again.
 */
export function GroupSettlementModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('settlements');
  return (
    <Modal opened={opened} onClose={onClose} title={t('groupForm.title')} size="lg" centered>
      {opened ? <GroupForm onDone={onClose} /> : null}
    </Modal>
  );
}

function GroupForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('settlements');
  const language = currentLanguage();
  const [toDate, setToDate] = useState<string | null>(inCentre(Math.floor(Date.now() / 1000)).format('YYYY-MM-DD'));
  const [lessonType, setLessonType] = useState<LessonType | null>(null);
  const [description, setDescription] = useState('');
  const [pay, setPay] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const query: GroupGuideQuery | null = toDate
    ? { toTime: dayjs.tz(toDate, centreZone()).endOf('day').unix(), ...(lessonType ? { lessonType } : {}) }
    : null;
  const guide = useGroupGuide(query);
  const teachers = guide.data?.teachers;
  const [checked, setChecked] = useState<string[]>([]);
  const checkAll = useEffectEvent(() => setChecked((teachers ?? []).map((x) => x.teacherPublicKey)));
  useEffect(() => checkAll(), [teachers]);
  const create = useSettlementMutation('groupCreate');
  const chosen = new Set(checked);
  const picked = (teachers ?? []).filter((x) => chosen.has(x.teacherPublicKey));
  const total = totalOf(picked);

  const submit = () => {
    if (!query || !picked.length) return;
    setError(null);
    create.mutate(
      {
        ...query,
        description: description || null,
        pay,
        teachers: picked.map((x) => ({ teacherPublicKey: x.teacherPublicKey, amount: x.amount })),
      },
      {
        onSuccess: savedThen(onDone),
        onError: (e) => {
          setError(e instanceof ApiError || e instanceof Error ? e.message : String(e));
          void guide.refetch();
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateInput
            label={t('groupForm.toTime')}
            valueFormat="YYYY-MM-DD"
            withAsterisk
            value={toDate}
            onChange={setToDate}
            popoverProps={{ withinPortal: true }}
          />
          <Select
            label={t('groupForm.lessonType')}
            data={lessonTypes.map((x) => ({ value: x, label: lessonTypeLabel(x, language) }))}
            value={lessonType}
            onChange={(value) => setLessonType(value as LessonType | null)}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        {guide.isFetching && !guide.data ? <Loader size="sm" /> : null}
        {teachers && !teachers.length ? (
          <Text size="sm" c="dimmed">
            {t('groupForm.empty')}
          </Text>
        ) : null}
        {teachers?.length ? (
          <Stack gap={6} mah={340} style={{ overflowY: 'auto' }} data-testid="group-guide">
            {teachers.map((x) => (
              <Paper key={x.teacherPublicKey} withBorder radius="md" p="xs" data-testid="group-guide-teacher">
                <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <Checkbox
                    checked={chosen.has(x.teacherPublicKey)}
                    onChange={(event) =>
                      setChecked(
                        event.currentTarget.checked
                          ? [...checked, x.teacherPublicKey]
                          : checked.filter((key) => key !== x.teacherPublicKey),
                      )
                    }
                    label={
                      <Stack gap={0}>
                        <Text size="sm">{x.teacherName}</Text>
                        <Text size="xs" c="dimmed">
                          {t('groupForm.teacherLine', { count: x.sessionCount, hours: formatNumber(x.hours, language) })}
                        </Text>
                      </Stack>
                    }
                  />
                  <Text size="sm" className={figures.figures} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(x.amount, language)}
                  </Text>
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : null}
        {teachers?.length ? (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('groupForm.selected', { count: picked.length })}
            </Text>
            <Text fw={700} className={figures.figures} data-testid="group-guide-total">
              {formatMoney(total.amount, language)}
            </Text>
          </Group>
        ) : null}
        <Textarea label={t('form.description')} autosize minRows={1} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        <Switch label={t('groupForm.payNow')} checked={pay} onChange={(e) => setPay(e.currentTarget.checked)} />
        <FormFooter
          error={error}
          onCancel={onDone}
          submitLabel={pay ? t('groupForm.pay', { amount: formatMoney(total.amount, language) }) : t('groupForm.save')}
          loading={create.isPending}
          color={pay ? 'teal' : undefined}
          disabled={!picked.length}
        />
      </Stack>
    </form>
  );
}
