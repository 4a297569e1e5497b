import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type ReportSheet, sheetFile } from './sheet-file';

const sheet: ReportSheet = {
  name: 'Teaching hours',
  columns: [{ header: 'Month' }, { header: 'Hours', kind: 'number' }, { header: '课次', kind: 'number' }],
  rows: [
    ['March, 2026', 4.5, 3],
    ['=SUM(A1)', null, 0],
  ],
};

const bytes = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

describe('a report written as a spreadsheet in the browser (issue 29)', () => {
  it('CSV: a BOM, the headers, quoted commas, numbers as written, formulas defused', async () => {
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await bytes(sheetFile('csv', sheet)));
    expect(text).toBe('\uFEFFMonth,Hours,课次\r\n"March, 2026",4.5,3\r\n\'=SUM(A1),,0\r\n');
  });

  it('XLSX: one sheet, bold header, number cells for numbers, text cells for text', async () => {
    const files = unzipSync(await bytes(sheetFile('xlsx', sheet)));
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('name="Teaching hours"');
    const xml = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(xml).toContain('<c r="C1" t="inlineStr" s="2"><is><t xml:space="preserve">课次</t></is></c>');
    expect(xml).toContain('<c r="B2" s="1"><v>4.5</v></c>');
    expect(xml).toContain('<c r="A3" t="inlineStr"><is><t xml:space="preserve">=SUM(A1)</t></is></c>');
    expect(xml).toContain('<c r="B3"/>');
  });
});
