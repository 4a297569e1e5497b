import { Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import {
  csvField,
  type ExportFormat,
  type Language,
  type SheetCellValue,
  sheetPackageParts,
  worksheetClose,
  worksheetOpen,
  worksheetRow,
} from '@tutoria/shared';

/**
 * Spreadsheets written as a stream (SPEC §7 Exports): rows come in batches and leave as bytes,
 * so an export of 100,000 rows never holds them all. CSV is UTF-8 with a BOM; XLSX is a zip
 * whose sheet XML is deflated as it is written (fflate's streaming Zip). Numbers are written
 * exactly as the database gave them (decimal strings), into number cells — never through a float.
 */
export type CellKind = 'text' | 'number' | 'money' | 'time';
export type CellValue = string | number | null;

export interface SheetColumn<R> {
  header: Record<Language, string>;
  kind: CellKind;
  /** Character width of the XLSX column. */
  width: number;
  value: (row: R) => CellValue;
}

export interface SheetSpec<R> {
  sheetName: string;
  columns: readonly SheetColumn<R>[];
  language: Language;
  timeZone: string;
  /** The decimals money cells show: the centre's currency's minor units (IRR 0, CNY 2). */
  moneyDecimals: number;
  batches: AsyncIterable<R[]>;
}

export const sheetContentTypes: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

const DECIMAL = /^-?\d+(\.\d+)?$/;

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** "2026-11-24 12:34" in the centre's time zone (sv-SE writes ISO-like dates); one formatter per zone. */
function timeText(seconds: number, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    timeFormats.set(timeZone, format);
  }
  return format.format(new Date(seconds * 1000));
}

/** A cell as text or as a decimal string (number cells); null for an empty cell. */
function cellOf<R>(column: SheetColumn<R>, row: R, timeZone: string): SheetCellValue {
  const value = column.value(row);
  if (value === null) return null;
  if (column.kind === 'time') return { text: timeText(Number(value), timeZone) };
  if (column.kind === 'number' || column.kind === 'money') {
    const text = String(value);
    if (!DECIMAL.test(text)) return { text };
    return column.kind === 'money' ? { number: text, money: true } : { number: text };
  }
  return { text: String(value) };
}

async function* csvChunks<R>(spec: SheetSpec<R>): AsyncGenerator<Buffer> {
  const header = spec.columns.map((c) => csvField({ text: c.header[spec.language] })).join(',');
  yield Buffer.from(`\uFEFF${header}\r\n`, 'utf8');
  for await (const batch of spec.batches) {
    const lines = batch.map((row) =>
      spec.columns.map((c) => csvField(cellOf(c, row, spec.timeZone))).join(','),
    );
    yield Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
  }
}

async function* xlsxChunks<R>(spec: SheetSpec<R>): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else out.push(data);
  });
  function* drain() {
    if (failure) throw failure;
    while (out.length) yield out.shift()!;
  }
  for (const [name, text] of sheetPackageParts(spec.sheetName, spec.moneyDecimals)) {
    const part = new ZipDeflate(name, { level: 6 });
    zip.add(part);
    part.push(strToU8(text), true);
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  sheet.push(
    strToU8(
      worksheetOpen(
        spec.columns.map((c) => c.header[spec.language]),
        spec.columns.map((c) => c.width),
      ),
    ),
  );
  yield* drain();
  let r = 1;
  for await (const batch of spec.batches) {
    const xml = batch
      .map((row) => {
        r += 1;
        return worksheetRow(
          r,
          spec.columns.map((c) => cellOf(c, row, spec.timeZone)),
        );
      })
      .join('');
    sheet.push(strToU8(xml));
    yield* drain();
  }
  sheet.push(strToU8(worksheetClose), true);
  zip.end();
  yield* drain();
}

/** The file as a readable stream: batches are read only as fast as the client takes the bytes. */
export function sheetStream<R>(format: ExportFormat, spec: SheetSpec<R>): Readable {
  return Readable.from(format === 'csv' ? csvChunks(spec) : xlsxChunks(spec));
}
