import { Progress, Text } from '@mantine/core';
import { chartPercent, type ClassroomReport } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { RecordTable } from '@/components/record-table';
import { formatNumber } from '@/lib/format';

type Line = ClassroomReport['classrooms'][number];

/** One line per class of the student: sessions, presence, homework, average score, teaching progress. */
export function ClassroomLines({ classrooms }: { classrooms: ClassroomReport['classrooms'] }) {
  const { t } = useTranslation('reports');
  return (
    <RecordTable<Line>
      records={classrooms}
      idAccessor="classroomId"
      minWidth={640}
      tableProps={{ verticalSpacing: 'xs', striped: true }}
      columns={[
        {
          accessor: 'classroomName',
          title: t('classes.class'),
          phone: 'title',
          render: (c) => (
            <>
              <Text fw={600} size="sm">
                {c.classroomName}
              </Text>
              <Text size="xs" c="dimmed">
                {c.teacherName}
              </Text>
            </>
          ),
        },
        {
          accessor: 'held',
          title: t('classes.held'),
          render: (c) => t('classes.heldValue', { held: c.held, upcoming: c.upcoming }),
        },
        {
          accessor: 'present',
          title: t('classes.presence'),
          render: (c) => t('classes.presenceValue', { present: c.present, absent: c.absent }),
        },
        {
          accessor: 'homeworks',
          title: t('classes.homework'),
          render: (c) => `${c.homeworksDone} / ${c.homeworks}`,
        },
        {
          accessor: 'averageScore',
          title: t('averageScore'),
          render: (c) => (c.averageScore === null ? '—' : formatNumber(c.averageScore)),
        },
        {
          accessor: 'teachingPercent',
          title: t('teaching'),
          width: 160,
          render: (c) =>
            c.teachingPercent === null ? (
              '—'
            ) : (
              <>
                <Text size="xs">{`${chartPercent(c.teachingPercent)}%`}</Text>
                <Progress
                  value={chartPercent(c.teachingPercent)}
                  size="sm"
                  aria-label={t('classes.teachingValue', {
                    name: c.classroomName,
                    percent: chartPercent(c.teachingPercent),
                  })}
                />
              </>
            ),
        },
      ]}
    />
  );
}
