import fs from 'node:fs';
import path from 'node:path';
import { type FileKind, fileKindExtensions } from '@tutoria/shared';
import { isRarArchive, isZipArchive, RAR_HEAD_READ, type ReadAt } from './archive-check.ts';

/**
 * What a file's first bytes say it is. Office Open XML documents (docx, xlsx, pptx) are ZIP
 * containers: their content is a ZIP, their kind is what the name says among the ZIP kinds.
 */
export type ContentFamily = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'zip' | 'rar';

export const familyOfKind: Record<FileKind, ContentFamily> = {
  pdf: 'pdf',
  png: 'png',
  jpeg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
  docx: 'zip',
  xlsx: 'zip',
  pptx: 'zip',
  zip: 'zip',
  rar: 'rar',
};

/** How many first bytes the sniffing needs (WebP names itself at bytes 8–11). */
export const HEAD_BYTES = 16;

const bytes = (text: string) => Buffer.from(text, 'latin1');
/** First bytes of each family; an empty ZIP is only its end-of-central-directory record. */
const signatures: readonly [ContentFamily, Buffer, number][] = [
  ['zip', bytes('PK\x03\x04'), 0],
  ['zip', bytes('PK\x05\x06'), 0],
  ['rar', bytes('Rar!\x1a\x07'), 0],
  ['pdf', bytes('%PDF-'), 0],
  ['png', bytes('\x89PNG\r\n\x1a\n'), 0],
  ['jpeg', bytes('\xff\xd8\xff'), 0],
  ['gif', bytes('GIF87a'), 0],
  ['gif', bytes('GIF89a'), 0],
];

export function sniffContent(head: Buffer): ContentFamily | null {
  const has = (magic: Buffer, at: number) =>
    head.length >= at + magic.length && head.subarray(at, at + magic.length).equals(magic);
  for (const [family, magic, at] of signatures) if (has(magic, at)) return family;
  if (has(bytes('RIFF'), 0) && has(bytes('WEBP'), 8)) return 'webp';
  return null;
}

/** The kind a name claims among `kinds`, by its extension, case-insensitively. */
export function kindOfName<K extends FileKind>(name: string, kinds: readonly K[]): K | null {
  const extension = path.extname(name).toLowerCase();
  return kinds.find((k) => fileKindExtensions[k].includes(extension)) ?? null;
}

/**
 * The kind of an upload among `kinds`: the name must say what the content is (an .exe renamed
 * .pdf, or a .rar named .zip, is refused); null when it does not or the kind is not accepted.
 */
export function kindOf<K extends FileKind>(head: Buffer, name: string, kinds: readonly K[]): K | null {
  const claimed = kindOfName(name, kinds);
  const family = sniffContent(head);
  return claimed && family && familyOfKind[claimed] === family ? claimed : null;
}

const PDF_END = bytes('%%EOF');
const JPEG_END = Buffer.from([0xff, 0xd9]);
/** Readers put up with a little trailing data after a PDF's or JPEG's end marker. */
const END_MARKER_WINDOW = 1024;

/**
 * First bytes are easy to fake: a file must also be built like its kind, read from its head and
 * tail only (nothing is decoded or extracted). ZIP: the end-of-central-directory record and the
 * directory before it; RAR: the first header's CRC; PDF: `%%EOF` near the end; PNG: the IHDR chunk
 * first; JPEG: the end-of-image marker near the end; GIF: the trailer byte; WebP: the RIFF size.
 */
export async function hasKindStructure(file: string, size: number, kind: FileKind): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const read: ReadAt = async (position, length) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    const tail = (length: number) => read(Math.max(0, size - length), Math.min(size, length));
    switch (familyOfKind[kind]) {
      case 'zip':
        return await isZipArchive(read, size);
      case 'rar':
        return isRarArchive(await read(0, Math.min(size, RAR_HEAD_READ)));
      case 'pdf':
        return (await tail(END_MARKER_WINDOW)).includes(PDF_END);
      case 'jpeg':
        return (await tail(END_MARKER_WINDOW)).includes(JPEG_END);
      case 'png': {
        const head = await read(8, 8);
        return head.length === 8 && head.readUInt32BE(0) === 13 && head.subarray(4).equals(bytes('IHDR'));
      }
      case 'gif':
        return (await tail(1))[0] === 0x3b;
      case 'webp': {
        const riffSize = (await read(4, 4)).readUInt32LE(0);
        return riffSize + 8 === size || riffSize + 9 === size;
      }
    }
  } finally {
    await handle.close();
  }
}
