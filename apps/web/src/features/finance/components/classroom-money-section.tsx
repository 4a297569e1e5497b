import '@mantine/core/styles/Alert.layer.css';
import { Alert, Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ClassroomBalance } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordTable } from '@/components/record-table';
import { useCurrentUser } from '@/features/auth';
import { StudentName } from '@/features/students';
import { currentLanguage } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { formatMoney, formatNumber } from '@/lib/format';
import figures from '@/lib/figures.module.css';
import { useClassroomCharges, useFixReservation } from '../api/deposits';
import { StudentCostModal } from './student-cost-modal';
// finance: side costs (issue 11, fin-fees)
import { useSideCosts } from '../api/fees';
import { SideCostsModal } from './side-costs-modal';

/**
 * The "Finance" part of a class's details, for those who may see it (finance.read): per student
 * what was paid, used and is left, the hours left, the sessions their credit does not cover, the
 * price per hour; SPEC §8's warning when deposits fall short; set prices and side costs
 * (consultants; others read the side costs) and fix the reservation (finance.manage).
 */
export function ClassroomMoneySection({ classroomId }: { classroomId: string }) {
  const permissions = useCurrentUser()?.permissions ?? [];
  return permissions.includes('finance.read') ? (
    <ClassroomMoney classroomId={classroomId} permissions={permissions} />
  ) : null;
}

function ClassroomMoney({
  classroomId,
  permissions,
}: {
  classroomId: string;
  permissions: readonly string[];
}) {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const charges = useClassroomCharges(classroomId);
  const fix = useFixReservation();
  const [pricing, setPricing] = useState<ClassroomBalance | null>(null);
  const sideCosts = useSideCosts(classroomId).data?.sideCosts ?? [];
  const [siding, setSiding] = useState<ClassroomBalance | null>(null);
  const sideCostsOf = (studentPublicKey: string) =>
    sideCosts.filter((x) => x.studentPublicKey === studentPublicKey);
  if (!charges.data) return null;
  const money = (n: number) => formatMoney(n, language);
  return (
    <Paper withBorder radius="lg" p="md" mt="lg" data-testid="classroom-money">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('classroom.title')}
        </Title>
        {permissions.includes('finance.manage') ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            loading={fix.isPending}
            onClick={() => fix.mutate(classroomId, { onSuccess: (r) => notifySuccess(r.message) })}
          >
            {t('classroom.fix')}
          </Button>
        ) : null}
      </Group>
      {charges.data.warning ? (
        <Alert color="violet" icon={<IconAlertTriangle size={16} />} mb="sm">
          {charges.data.warning}
        </Alert>
      ) : null}
      <RecordTable<ClassroomBalance>
        records={charges.data.students}
        idAccessor="studentPublicKey"
        minWidth={640}
        columns={[
          {
            accessor: 'studentName',
            title: t('fields.student'),
            phone: 'title',
            render: (s) => <StudentName publicKey={s.studentPublicKey}>{s.studentName}</StudentName>,
          },
          {
            accessor: 'costPerHour',
            title: t('prices.net'),
            textAlign: 'right',
            cellsClassName: figures.figures,
            render: (s) =>
              s.costPerHour === null ? (
                <Text size="sm" c="dimmed">
                  {t('prices.none')}
                </Text>
              ) : (
                `${money(s.costPerHour)}${s.discountPerHour ? ` − ${money(s.discountPerHour)}` : ''}`
              ),
          },
          {
            accessor: 'paid',
            title: t('balance.paid'),
            textAlign: 'right',
            cellsClassName: figures.figures,
            render: (s) => money(s.paid),
          },
          {
            accessor: 'used',
            title: t('balance.used'),
            textAlign: 'right',
            cellsClassName: figures.figures,
            render: (s) => money(s.used),
          },
          {
            accessor: 'remaining',
            title: t('balance.remaining'),
            textAlign: 'right',
            cellsClassName: figures.figures,
            render: (s) => (
              <Text span inherit c={s.remaining < 0 ? 'red' : undefined}>
                {money(s.remaining)}
              </Text>
            ),
          },
          {
            accessor: 'balanceInHour',
            title: t('balance.remainingHours'),
            textAlign: 'right',
            render: (s) => (s.balanceInHour === null ? '—' : formatNumber(s.balanceInHour, language)),
          },
          {
            accessor: 'reservedSessions',
            title: t('classroom.reserved'),
            render: (s) => (
              <Badge color={s.reservedSessions > 0 ? 'violet' : 'teal'} variant="light">
                {s.reservedSessions}
              </Badge>
            ),
          },
          {
            accessor: 'actions',
            textAlign: 'right',
            render: (s) => (
              <>
                <Button size="compact-sm" variant="subtle" color="gray" onClick={() => setSiding(s)}>
                  {t('sideCosts.button', { count: sideCostsOf(s.studentPublicKey).length })}
                </Button>
                {permissions.includes('prices.setStudentCost') ? (
                  <Button size="compact-sm" variant="subtle" onClick={() => setPricing(s)}>
                    {t('prices.set')}
                  </Button>
                ) : null}
              </>
            ),
          },
        ]}
      />
      <StudentCostModal row={pricing} onClose={() => setPricing(null)} />
      <SideCostsModal
        row={siding}
        sideCosts={siding ? sideCostsOf(siding.studentPublicKey) : []}
        canEdit={permissions.includes('prices.setStudentCost')}
        onClose={() => setSiding(null)}
      />
    </Paper>
  );
}
