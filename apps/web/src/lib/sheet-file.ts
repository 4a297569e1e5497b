import {
  csvField,
  type ExportFormat,
  type SheetCellValue,
  sheetPackageParts,
  worksheetClose,
  worksheetOpen,
  worksheetRow,
} from '@tutoria/shared';
import { strToU8, zipSync } from 'fflate';

/**
 * A report's table as a spreadsheet written in the browser (issue 29): the figures the page shows,
 * already in the caller's scope, with the headers in the caller's language. The server's exports
 * stream large lists; a report's table is small, so it is written at once, with the same parts.
 */
export interface ReportSheetColumn {
  header: string;
  /** number: a number cell (hours, counts, percentages); text: as shown. */
  kind?: 'text' | 'number';
  /** Character width in XLSX; 16 when left out. */
  width?: number;
}

export type ReportSheetValue = string | number | null | undefined;

export interface ReportSheet {
  /** The sheet's name in XLSX (first 31 characters). */
  name: string;
  columns: readonly ReportSheetColumn[];
  rows: readonly (readonly ReportSheetValue[])[];
}

export const sheetMimeTypes: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv;charset=utf-8',
};

function cellOf(column: ReportSheetColumn, value: ReportSheetValue): SheetCellValue {
  if (value === null || value === undefined || value === '') return null;
  if (column.kind === 'number' && typeof value === 'number' && Number.isFinite(value))
    return { number: String(value) };
  return { text: String(value) };
}

export function sheetFile(format: ExportFormat, sheet: ReportSheet): Blob {
  const cells = sheet.rows.map((row) => sheet.columns.map((column, i) => cellOf(column, row[i])));
  if (format === 'csv') {
    const lines = [
      sheet.columns.map((c) => csvField({ text: c.header })),
      ...cells.map((row) => row.map(csvField)),
    ];
    return new Blob([`\uFEFF${lines.map((line) => line.join(',')).join('\r\n')}\r\n`], {
      type: sheetMimeTypes.csv,
    });
  }
  const parts: Record<string, Uint8Array> = {};
  for (const [name, text] of sheetPackageParts(sheet.name, 0)) parts[name] = strToU8(text);
  const xml =
    worksheetOpen(
      sheet.columns.map((c) => c.header),
      sheet.columns.map((c) => c.width ?? 16),
    ) +
    cells.map((row, i) => worksheetRow(i + 2, row)).join('') +
    worksheetClose;
  parts['xl/worksheets/sheet1.xml'] = strToU8(xml);
  return new Blob([zipSync(parts, { level: 6 })], { type: sheetMimeTypes.xlsx });
}
