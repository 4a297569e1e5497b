import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import { Progress, Table, Text } from '@mantine/core';
import { chartPercent, type ClassroomReport } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';

/** One line per class of the student: sessions, presence, homework, average score, teaching progress. */
export function ClassroomLines({ classrooms }: { classrooms: ClassroomReport['classrooms'] }) {
  const { t } = useTranslation('reports');
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('classes.class')}</Table.Th>
            <Table.Th>{t('classes.held')}</Table.Th>
            <Table.Th>{t('classes.presence')}</Table.Th>
            <Table.Th>{t('classes.homework')}</Table.Th>
            <Table.Th>{t('averageScore')}</Table.Th>
            <Table.Th w={160}>{t('teaching')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {classrooms.map((c) => (
            <Table.Tr key={c.classroomId}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {c.classroomName}
                </Text>
                <Text size="xs" c="dimmed">
                  {c.teacherName}
                </Text>
              </Table.Td>
              <Table.Td>{t('classes.heldValue', { held: c.held, upcoming: c.upcoming })}</Table.Td>
              <Table.Td>{t('classes.presenceValue', { present: c.present, absent: c.absent })}</Table.Td>
              <Table.Td>{`${c.homeworksDone} / ${c.homeworks}`}</Table.Td>
              <Table.Td>{c.averageScore === null ? '—' : formatNumber(c.averageScore)}</Table.Td>
              <Table.Td>
                {c.teachingPercent === null ? (
                  '—'
                ) : (
                  <>
                    <Text size="xs">{`${chartPercent(c.teachingPercent)}%`}</Text>
                    <Progress value={chartPercent(c.teachingPercent)} size="sm" />
                  </>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
