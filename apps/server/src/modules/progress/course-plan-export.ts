import writeXlsxFile, { type Row } from 'write-excel-file/node';
import {
  classTypeLabels,
  coursePlanExportColumns,
  coursePlanExportHeaders,
  coursePlanStatusLabels,
  type CoursePlanEntry,
  type ExportFormat,
  type Language,
  lessonTypeLabel,
} from '@tutoria/shared';

/**
 * The course plan as a spreadsheet (SPEC §7 Exports): one header row in the asker's language,
 * one row per entry; hours and sessions are number cells (XLSX) or plain numbers with a dot (CSV).
 */
type Cell = string | number;

function rowsOf(entries: readonly CoursePlanEntry[], language: Language): Cell[][] {
  const header = coursePlanExportColumns.map((column) => coursePlanExportHeaders[column][language]);
  const body = entries.map((entry) =>
    coursePlanExportColumns.map((column): Cell => {
      switch (column) {
        case 'lessonType':
          return lessonTypeLabel(entry.lessonType, language);
        case 'classType':
          return classTypeLabels[entry.classType][language];
        case 'status':
          return coursePlanStatusLabels[entry.status][language];
        default:
          return entry[column];
      }
    }),
  );
  return [header, ...body];
}

/**
 * One CSV field: quoted when it holds a quote, comma or line break (RFC 4180); a text that a
 * spreadsheet would run as a formula (= + - @, tab, carriage return first) is kept as text with a
 * leading apostrophe (OWASP "CSV injection").
 */
export function csvField(value: Cell): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV in UTF-8 with a byte-order mark, so Excel reads Chinese; CRLF line ends. */
export function coursePlanCsv(entries: readonly CoursePlanEntry[], language: Language): Buffer {
  const lines = rowsOf(entries, language).map((row) => row.map(csvField).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function coursePlanXlsx(
  entries: readonly CoursePlanEntry[],
  language: Language,
): Promise<Buffer> {
  const [header = [], ...body] = rowsOf(entries, language);
  const data: Row[] = [
    header.map((value) => ({ value: String(value), fontWeight: 'bold' as const })),
    ...body.map((row) =>
      row.map((value) =>
        typeof value === 'number' ? { value, type: Number, format: '0.00' } : { value, type: String },
      ),
    ),
  ];
  return writeXlsxFile(data, {
    sheet: coursePlanExportHeaders.sheet[language],
    columns: [
      { width: 24 },
      { width: 32 },
      { width: 16 },
      { width: 20 },
      { width: 12 },
      { width: 16 },
      { width: 16 },
    ],
    stickyRowsCount: 1,
  }).toBuffer();
}

export const exportContentTypes: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

export function exportFile(entries: readonly CoursePlanEntry[], format: ExportFormat, language: Language) {
  return format === 'csv'
    ? Promise.resolve(coursePlanCsv(entries, language))
    : coursePlanXlsx(entries, language);
}
