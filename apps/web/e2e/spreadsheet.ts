import { strFromU8, unzipSync } from 'fflate';

/**
 * Reading a downloaded export in a journey: the first sheet of an XLSX file straight from its XML
 * (so a cell's type is seen as written), and CSV by RFC 4180.
 */
export interface SheetCell {
  /** The cell's `t` attribute: null for a number cell, "inlineStr" or "s" for text. */
  type: string | null;
  /** The text of a text cell, the `<v>` of any other; null for an empty cell. */
  value: string | null;
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

const texts = (xml: string) =>
  [...xml.matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map((t) => unescapeXml(t[1]!)).join('');

export function readSheet(bytes: Uint8Array): SheetCell[][] {
  const files = unzipSync(bytes);
  const sharedXml = files['xl/sharedStrings.xml'];
  const shared = sharedXml
    ? [...strFromU8(sharedXml).matchAll(/<si>(.*?)<\/si>/gs)].map((m) => texts(m[1]!))
    : [];
  const sheetXml = files['xl/worksheets/sheet1.xml'];
  if (!sheetXml) throw new Error(`No first sheet in the file: ${Object.keys(files).join(', ')}`);
  return [...strFromU8(sheetXml).matchAll(/<row[^>]*>(.*?)<\/row>/gs)].map((row) =>
    [...row[1]!.matchAll(/<c([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)].map((cell) => {
      const type = / t="(\w+)"/.exec(cell[1]!)?.[1] ?? null;
      const inner = cell[2];
      if (inner === undefined) return { type, value: null };
      const v = /<v>(.*?)<\/v>/s.exec(inner)?.[1];
      if (type === 's') return { type, value: shared[Number(v)] ?? null };
      if (type === 'inlineStr') return { type, value: texts(inner) };
      return { type, value: v === undefined ? null : unescapeXml(v) };
    }),
  );
}

/** The text of every cell of a row (empty cells as ''). */
export const rowTexts = (row: SheetCell[]) => row.map((cell) => cell.value ?? '');

/** CSV (RFC 4180: quoted fields, doubled quotes, CRLF) as rows of fields; the BOM must be gone. */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') field += text[++i];
      else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows;
}
