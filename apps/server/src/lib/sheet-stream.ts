import { Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import type { ExportFormat, Language } from '@tutoria/shared';

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
function cellOf<R>(
  column: SheetColumn<R>,
  row: R,
  timeZone: string,
): { number: string; money?: true } | { text: string } | null {
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

/** One CSV field (RFC 4180 quoting); text a spreadsheet would run as a formula gets a leading apostrophe. */
export function csvField(cell: ReturnType<typeof cellOf>): string {
  if (cell === null) return '';
  if ('number' in cell) return cell.number;
  const text = /^[=+\-@\t\r]/.test(cell.text) ? `'${cell.text}` : cell.text;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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

const xmlText = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex -- characters XML 1.0 does not allow
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * Style 1: number with two decimals (built-in format 2, "0.00"); style 2: bold header; style 3:
 * money with the currency's decimals (format 164: "0" for IRR, "0.00" for CNY). The cell keeps the
 * stored value; the format only shows it (issue 27).
 */
const styles = (moneyDecimals: number) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="${moneyDecimals > 0 ? `0.${'0'.repeat(moneyDecimals)}` : '0'}"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`;

const packageParts = (sheetName: string, moneyDecimals: number): [string, string][] => [
  [
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
  ],
  ['xl/styles.xml', styles(moneyDecimals)],
];

function xlsxCell(ref: string, cell: ReturnType<typeof cellOf>, style = 0): string {
  const s = style ? ` s="${style}"` : '';
  if (cell === null) return `<c r="${ref}"${s}/>`;
  if ('number' in cell) return `<c r="${ref}" s="${cell.money ? 3 : 1}"><v>${cell.number}</v></c>`;
  return `<c r="${ref}" t="inlineStr"${s}><is><t xml:space="preserve">${xmlText(cell.text)}</t></is></c>`;
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
  for (const [name, text] of packageParts(spec.sheetName, spec.moneyDecimals)) {
    const part = new ZipDeflate(name, { level: 6 });
    zip.add(part);
    part.push(strToU8(text), true);
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  const names = spec.columns.map((_, i) => columnName(i));
  const cols = spec.columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`)
    .join('');
  const header = spec.columns
    .map((c, i) => xlsxCell(`${names[i]}1`, { text: c.header[spec.language] }, 2))
    .join('');
  sheet.push(
    strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols}</cols><sheetData><row r="1">${header}</row>`,
    ),
  );
  yield* drain();
  let r = 1;
  for await (const batch of spec.batches) {
    const xml = batch
      .map((row) => {
        r += 1;
        const cells = spec.columns
          .map((c, i) => xlsxCell(`${names[i]}${r}`, cellOf(c, row, spec.timeZone)))
          .join('');
        return `<row r="${r}">${cells}</row>`;
      })
      .join('');
    sheet.push(strToU8(xml));
    yield* drain();
  }
  sheet.push(strToU8('</sheetData></worksheet>'), true);
  zip.end();
  yield* drain();
}

/** The file as a readable stream: batches are read only as fast as the client takes the bytes. */
export function sheetStream<R>(format: ExportFormat, spec: SheetSpec<R>): Readable {
  return Readable.from(format === 'csv' ? csvChunks(spec) : xlsxChunks(spec));
}
