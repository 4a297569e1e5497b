import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

/** Tiny archive writers for upload tests: real structure, no compression (Node has no ZIP or RAR writer). */

function u16(n: number) {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
}
function u32(n: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
}

/** A ZIP archive of stored (uncompressed) entries, as `zip -0` would write it. */
export function zipArchive(entries: readonly { name: string; content: Buffer }[], comment = ''): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, content } of entries) {
    const fileName = Buffer.from(name);
    const common = [
      u16(20),
      u16(0),
      u16(0),
      u16(0),
      u16(0x21),
      u32(crc32(content)),
      u32(content.length),
      u32(content.length),
      u16(fileName.length),
      u16(0),
    ];
    const local = Buffer.concat([u32(0x04034b50), ...common, fileName, content]);
    directory.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        ...common,
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(offset),
        fileName,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(directory);
  const commentBytes = Buffer.from(comment);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(central.length),
    u32(offset),
    u16(commentBytes.length),
    commentBytes,
  ]);
  return Buffer.concat([...locals, central, end]);
}

/** Bytes a one-entry stored ZIP adds around its content (entry name `a.txt`). */
const ZIP_OVERHEAD = zipArchive([{ name: 'a.txt', content: Buffer.alloc(0) }]).length;

/** A real ZIP of exactly `size` bytes: one stored entry of random content. */
export function zipOfSize(size: number): Buffer {
  if (size < ZIP_OVERHEAD) throw new Error(`A ZIP needs at least ${ZIP_OVERHEAD} bytes`);
  return zipArchive([{ name: 'a.txt', content: randomBytes(size - ZIP_OVERHEAD) }]);
}

/** RAR 5: the signature, a main archive header with its CRC-32, then `size` bytes in all of random content. */
export function rar5OfSize(size = 256): Buffer {
  // Header size 3 (a vint), type 1 (main), flags 0, archive flags 0.
  const header = Buffer.from([0x03, 0x01, 0x00, 0x00]);
  const head = Buffer.concat([Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1'), u32(crc32(header)), header]);
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}

/** RAR 4: the signature and a 13-byte main header (type 0x73) whose CRC-16 is the low half of its CRC-32. */
export function rar4OfSize(size = 256): Buffer {
  const body = Buffer.concat([Buffer.from([0x73]), u16(0), u16(13), u16(0), u32(0)]);
  const head = Buffer.concat([Buffer.from('Rar!\x1a\x07\x00', 'latin1'), u16(crc32(body) & 0xffff), body]);
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}
