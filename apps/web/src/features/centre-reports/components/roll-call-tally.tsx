import type { Language } from '@tutoria/shared';
import type { TFunction } from 'i18next';
import type { ListColumn } from '@/components/list-columns';
import figures from '@/lib/figures.module.css';
import { formatNumber } from '@/lib/format';

/** Counts over a period with their absence rate (null: nothing recorded). */
export interface Tally {
  presentCount: number;
  absentCount: number;
  unrecordedCount: number;
  absencePercent: number | null;
}

/** The table columns of a tally (present, absent, unrecorded, absence %), after a row's own ones. */
export function tallyColumns<T extends Tally>(
  t: TFunction<'centreReports'>,
  language: Language,
): ListColumn<T>[] {
  const figure = (value: number, unit = '') => (
    <span className={figures.figures}>
      {formatNumber(value, language)}
      {unit}
    </span>
  );
  return [
    {
      accessor: 'presentCount',
      title: t('rollCall.present'),
      textAlign: 'right' as const,
      render: (r: T) => figure(r.presentCount),
    },
    {
      accessor: 'absentCount',
      title: t('rollCall.absent'),
      textAlign: 'right' as const,
      render: (r: T) => figure(r.absentCount),
    },
    {
      accessor: 'unrecordedCount',
      title: t('rollCall.unrecorded'),
      textAlign: 'right' as const,
      render: (r: T) => figure(r.unrecordedCount),
    },
    {
      accessor: 'absencePercent',
      title: t('rollCall.absencePercent'),
      textAlign: 'right' as const,
      render: (r: T) => (r.absencePercent === null ? '—' : figure(r.absencePercent, '%')),
    },
  ];
}

/** The sheet columns of a tally, and a row's values. */
export const tallySheetColumns = (t: TFunction<'centreReports'>) => [
  { header: t('rollCall.present'), kind: 'number' as const },
  { header: t('rollCall.absent'), kind: 'number' as const },
  { header: t('rollCall.unrecorded'), kind: 'number' as const },
  { header: t('rollCall.absencePercent'), kind: 'number' as const },
];
export const tallyCells = (r: Tally) => [r.presentCount, r.absentCount, r.unrecordedCount, r.absencePercent];
