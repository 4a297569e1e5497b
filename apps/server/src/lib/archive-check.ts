import { crc32 } from 'node:zlib';

/** Reads `length` bytes at `position` (fewer at the end of the file). */
export type ReadAt = (position: number, length: number) => Promise<Buffer>;

const ZIP_END_OF_DIRECTORY = 0x06054b50;
const ZIP_END_OF_DIRECTORY_SIZE = 22;
const ZIP_MAX_COMMENT = 0xffff;
const ZIP_DIRECTORY_ENTRY = 0x02014b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_LOCATOR_SIZE = 20;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;

/** Whether the central directory starting at `offset` begins with an entry (or is empty, for no entries). */
async function directoryStarts(
  read: ReadAt,
  offset: number,
  entries: number,
  directorySize: number,
): Promise<boolean> {
  if (entries === 0) return directorySize === 0;
  const first = await read(offset, 4);
  return first.length === 4 && first.readUInt32LE(0) === ZIP_DIRECTORY_ENTRY;
}

/** ZIP64 (over 65,535 entries or 4 GB): the locator before the end record points at the 64-bit end record. */
async function zip64Directory(read: ReadAt, endAt: number): Promise<boolean> {
  if (endAt < ZIP64_LOCATOR_SIZE) return false;
  const locator = await read(endAt - ZIP64_LOCATOR_SIZE, ZIP64_LOCATOR_SIZE);
  if (locator.readUInt32LE(0) !== ZIP64_LOCATOR) return false;
  const recordAt = Number(locator.readBigUInt64LE(8));
  if (recordAt > endAt - ZIP64_LOCATOR_SIZE - 56) return false;
  const record = await read(recordAt, 56);
  if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_END_OF_DIRECTORY) return false;
  const entries = Number(record.readBigUInt64LE(32));
  const size = Number(record.readBigUInt64LE(40));
  const offset = Number(record.readBigUInt64LE(48));
  return offset + size === recordAt && directoryStarts(read, offset, entries, size);
}

/**
 * A ZIP archive ends with its end-of-central-directory record (within the last 65,557 bytes, the
 * record and the longest comment), whose comment reaches exactly to the end of the file, and
 * whose central directory lies right before it and starts with an entry. A text file that merely
 * begins with `PK\x03\x04` has none of that. Nothing is extracted.
 */
export async function isZipArchive(read: ReadAt, fileSize: number): Promise<boolean> {
  const tailLength = Math.min(fileSize, ZIP_END_OF_DIRECTORY_SIZE + ZIP_MAX_COMMENT);
  const tailStart = fileSize - tailLength;
  const tail = await read(tailStart, tailLength);
  for (let i = tail.length - ZIP_END_OF_DIRECTORY_SIZE; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== ZIP_END_OF_DIRECTORY) continue;
    const endAt = tailStart + i;
    if (endAt + ZIP_END_OF_DIRECTORY_SIZE + tail.readUInt16LE(i + 20) !== fileSize) continue;
    const entries = tail.readUInt16LE(i + 10);
    const size = tail.readUInt32LE(i + 12);
    const offset = tail.readUInt32LE(i + 16);
    if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff)
      return zip64Directory(read, endAt);
    return offset + size === endAt && directoryStarts(read, offset, entries, size);
  }
  return false;
}

/** RAR 5's variable-length integers: 7 bits a byte, low first, the high bit saying "more". */
function readVint(buffer: Buffer, at: number): { value: number; next: number } | null {
  let value = 0;
  for (let i = 0; i < 4 && at + i < buffer.length; i++) {
    const byte = buffer[at + i]!;
    value += (byte & 0x7f) * 2 ** (7 * i);
    if (!(byte & 0x80)) return { value, next: at + i + 1 };
  }
  return null;
}

const RAR4_SIGNATURE_SIZE = 7;
const RAR4_MAIN_HEADER = 0x73;
const RAR5_SIGNATURE_SIZE = 8;
/** The first header after RAR 5's signature: the main archive header, or the archive encryption header. */
const RAR5_FIRST_HEADERS = [1, 4];

/**
 * A RAR archive's signature is followed by its first header, which carries its own CRC: RAR 4's
 * main header (type 0x73, CRC-16 as the low half of a CRC-32), RAR 5's main or encryption header
 * (CRC-32 over the size and the header). A file that merely begins with `Rar!` has no such header.
 */
export function isRarArchive(head: Buffer): boolean {
  if (head[6] === 0x00) {
    const at = RAR4_SIGNATURE_SIZE;
    if (head.length < at + 7 || head[at + 2] !== RAR4_MAIN_HEADER) return false;
    const headerSize = head.readUInt16LE(at + 5);
    if (headerSize < 7 || at + headerSize > head.length) return false;
    return (crc32(head.subarray(at + 2, at + headerSize)) & 0xffff) === head.readUInt16LE(at);
  }
  if (head[6] !== 0x01 || head[7] !== 0x00) return false;
  const at = RAR5_SIGNATURE_SIZE;
  const size = readVint(head, at + 4);
  if (!size || size.value === 0 || size.next + size.value > head.length) return false;
  const type = readVint(head, size.next);
  if (!type || !RAR5_FIRST_HEADERS.includes(type.value)) return false;
  return crc32(head.subarray(at + 4, size.next + size.value)) === head.readUInt32LE(at);
}

/** How much of a file's head the RAR check reads: far more than any first header needs. */
export const RAR_HEAD_READ = 64 * 1024;
