import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type SheetColumn, sheetStream } from './sheet-stream.ts';

interface Row {
  amount: string;
  hours: string;
}
const columns: SheetColumn<Row>[] = [
  { header: { en: 'Amount', zh: '金额' }, kind: 'money', width: 14, value: (r) => r.amount },
  { header: { en: 'Hours', zh: '课时' }, kind: 'number', width: 12, value: (r) => r.hours },
];

async function xlsx(moneyDecimals: number) {
  async function* batches() {
    yield [{ amount: '450.50', hours: '1.50' }];
  }
  const chunks: Buffer[] = [];
  const stream = sheetStream('xlsx', { sheetName: 'Deposits', columns, language: 'en', timeZone: 'UTC', moneyDecimals, batches: batches() });
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  const files = unzipSync(Buffer.concat(chunks));
  return { styles: strFromU8(files['xl/styles.xml']!), sheet: strFromU8(files['xl/worksheets/sheet1.xml']!) };
}

describe('money cells of a spreadsheet (issue 27)', () => {
  it("show the currency's decimals and keep the stored value; hours keep two", async () => {
    const cny = await xlsx(2);
    expect(cny.styles).toContain('<numFmt numFmtId="164" formatCode="0.00"/>');
    expect(cny.sheet).toContain('<c r="A2" s="3"><v>450.50</v></c>');
    expect(cny.sheet).toContain('<c r="B2" s="1"><v>1.50</v></c>');
    const irr = await xlsx(0);
    expect(irr.styles).toContain('<numFmt numFmtId="164" formatCode="0"/>');
    expect(irr.sheet).toContain('<c r="A2" s="3"><v>450.50</v></c>');
  });
});
