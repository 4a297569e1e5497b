/**
 * The parts of a spreadsheet both ends write (SPEC §7 Exports; issue 29): the server streams its
 * exports with them (`apps/server/src/lib/sheet-stream.ts`), the browser writes a centre report's
 * table with them (`apps/web/src/lib/sheet-file.ts`). Pure text, no Node or DOM.
 */

/** A cell as text or as a decimal string (a number cell; money with the currency's format); null: empty. */
export type SheetCellValue = { number: string; money?: true } | { text: string } | null;

/** One CSV field (RFC 4180 quoting); text a spreadsheet would run as a formula gets a leading apostrophe. */
export function csvField(cell: SheetCellValue): string {
  if (cell === null) return '';
  if ('number' in cell) return cell.number;
  const text = /^[=+\-@\t\r]/.test(cell.text) ? `'${cell.text}` : cell.text;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const xmlText = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex -- characters XML 1.0 does not allow
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

export function columnName(index: number): string {
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

export const sheetPackageParts = (sheetName: string, moneyDecimals: number): [string, string][] => [
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

export function xlsxCell(ref: string, cell: SheetCellValue, style = 0): string {
  const s = style ? ` s="${style}"` : '';
  if (cell === null) return `<c r="${ref}"${s}/>`;
  if ('number' in cell) return `<c r="${ref}" s="${cell.money ? 3 : 1}"><v>${cell.number}</v></c>`;
  return `<c r="${ref}" t="inlineStr"${s}><is><t xml:space="preserve">${xmlText(cell.text)}</t></is></c>`;
}

/** The sheet's XML up to and with its bold header row (frozen), the columns at these widths. */
export function worksheetOpen(headers: readonly string[], widths: readonly number[]): string {
  const cols = widths
    .map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  const header = headers.map((text, i) => xlsxCell(`${columnName(i)}1`, { text }, 2)).join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols}</cols><sheetData><row r="1">${header}</row>`;
}

export const worksheetClose = '</sheetData></worksheet>';

/** One row of the sheet (`r` counts from 1, the header's row). */
export const worksheetRow = (r: number, cells: readonly SheetCellValue[]) =>
  `<row r="${r}">${cells.map((cell, i) => xlsxCell(`${columnName(i)}${r}`, cell)).join('')}</row>`;
