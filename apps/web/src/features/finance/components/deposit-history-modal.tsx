import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Timeline.layer.css';
import { Code, Modal, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatEpoch } from '@/lib/format';
import { useDepositHistory } from '../api/deposits';

/** Every change of a deposit: who, when, and what it was before and after. */
export function DepositHistoryModal({ depositId, onClose }: { depositId: string | null; onClose: () => void }) {
  const { t } = useTranslation('finance');
  const history = useDepositHistory(depositId);
  return (
    <Modal opened={depositId !== null} onClose={onClose} title={t('history.title')} size="lg" centered>
      {history.isLoading ? <Skeleton height={120} /> : null}
      {history.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('history.empty')}
        </Text>
      ) : null}
      <Timeline bulletSize={14} lineWidth={2}>
        {(history.data ?? []).map((h, i) => (
          <Timeline.Item key={i} title={t(`history.actions.${h.action}`, { defaultValue: h.action })}>
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                {formatEpoch(h.at)} · {h.byName ?? t('history.system')}
              </Text>
              {h.before ? <ChangedFields before={h.before} after={h.after} /> : null}
            </Stack>
          </Timeline.Item>
        ))}
      </Timeline>
    </Modal>
  );
}

/** The fields whose value changed, before → after. */
function ChangedFields({ before, after }: { before: unknown; after: unknown }) {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const changed = Object.keys(a).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
  return (
    <Stack gap={2}>
      {changed.map((k) => (
        <Text key={k} size="xs">
          {k}: <Code>{JSON.stringify(b[k] ?? null)}</Code> → <Code>{JSON.stringify(a[k] ?? null)}</Code>
        </Text>
      ))}
    </Stack>
  );
}
