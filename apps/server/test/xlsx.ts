import { strFromU8, unzipSync } from 'fflate';

/** The cells of the first sheet of an XLSX file, row by row; number cells as numbers, empty cells as null. */
export function readXlsx(bytes: Uint8Array): (string | number | null)[][] {
  const files = unzipSync(bytes);
  const shared = files['xl/sharedStrings.xml']
    ? [...strFromU8(files['xl/sharedStrings.xml']).matchAll(/<si>(.*?)<\/si>/gs)].map((m) =>
        [...m[1]!.matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map((t) => t[1]).join(''),
      )
    : [];
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
  return [...sheet.matchAll(/<row[^>]*>(.*?)<\/row>/gs)].map((row) =>
    [...row[1]!.matchAll(/<c([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)].map((cell) => {
      const attributes = cell[1]!;
      const inner = cell[2];
      if (inner === undefined) return null;
      const value = /<v>(.*?)<\/v>/s.exec(inner)?.[1];
      if (/t="s"/.test(attributes)) return shared[Number(value)]!;
      if (/t="inlineStr"/.test(attributes)) return /<t[^>]*>(.*?)<\/t>/s.exec(inner)?.[1] ?? '';
      if (/t="str"/.test(attributes)) return value ?? '';
      return Number(value);
    }),
  );
}
