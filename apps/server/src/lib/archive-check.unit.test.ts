import { describe, expect, it } from 'vitest';
import { rar4OfSize, rar5OfSize, zipArchive, zipOfSize } from '../../test/archives.ts';
import { isRarArchive, isZipArchive, type ReadAt } from './archive-check.ts';

const readerOf =
  (file: Buffer): ReadAt =>
  async (position, length) =>
    file.subarray(position, position + length);
const isZip = (file: Buffer) => isZipArchive(readerOf(file), file.length);

/** The same entries, ended the ZIP64 way: a 64-bit end record, its locator, and a classic record of 0xFF markers. */
function asZip64(classic: Buffer): Buffer {
  const end = classic.subarray(classic.length - 22);
  const entries = BigInt(end.readUInt16LE(10));
  const directorySize = BigInt(end.readUInt32LE(12));
  const directoryOffset = BigInt(end.readUInt32LE(16));
  const body = classic.subarray(0, classic.length - 22);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(entries, 24);
  record.writeBigUInt64LE(entries, 32);
  record.writeBigUInt64LE(directorySize, 40);
  record.writeBigUInt64LE(directoryOffset, 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(body.length), 8);
  locator.writeUInt32LE(1, 16);
  const classicEnd = Buffer.alloc(22, 0xff);
  classicEnd.writeUInt32LE(0x06054b50, 0);
  classicEnd.writeUInt32LE(0, 4);
  classicEnd.writeUInt16LE(0, 20);
  return Buffer.concat([body, record, locator, classicEnd]);
}

describe('ZIP structure (end of central directory)', () => {
  it('accepts real archives: entries, a comment, no entries, ZIP64', async () => {
    const two = zipArchive([
      { name: 'a.txt', content: Buffer.from('alpha') },
      { name: 'b/c.txt', content: Buffer.from('PK\x05\x06 inside content') },
    ]);
    expect(await isZip(two)).toBe(true);
    expect(await isZip(zipOfSize(5000))).toBe(true);
    expect(
      await isZip(zipArchive([{ name: 'x', content: Buffer.alloc(10) }], 'PK\x05\x06 in the comment')),
    ).toBe(true);
    expect(await isZip(zipArchive([]))).toBe(true);
    expect(await isZip(asZip64(two))).toBe(true);
  });

  it('refuses files that only begin like one', async () => {
    const real = zipOfSize(1000);
    const pretenders = {
      text: Buffer.from('PK\x03\x04 hello, this is text', 'latin1'),
      truncated: real.subarray(0, 900),
      trailingBytes: Buffer.concat([real, Buffer.from('x')]),
      directoryElsewhere: (() => {
        const moved = Buffer.from(real);
        moved.writeUInt32LE(moved.readUInt32LE(moved.length - 6) - 1, moved.length - 6);
        return moved;
      })(),
      noEntryAtDirectory: (() => {
        const broken = Buffer.from(real);
        broken.writeUInt32LE(0, broken.readUInt32LE(broken.length - 6));
        return broken;
      })(),
      lostZip64Record: (() => {
        const zip64 = asZip64(zipOfSize(300));
        zip64.writeUInt32LE(0, zip64.length - 22 - 20 - 56);
        return zip64;
      })(),
    };
    for (const [name, file] of Object.entries(pretenders)) expect(await isZip(file), name).toBe(false);
  });
});

describe('RAR structure (the first header after the signature)', () => {
  it('accepts RAR 5 and RAR 4 main headers with their CRC', () => {
    expect(isRarArchive(rar5OfSize())).toBe(true);
    expect(isRarArchive(rar4OfSize())).toBe(true);
  });

  it('refuses a signature followed by anything else, or a header whose CRC does not match', () => {
    const badCrc5 = rar5OfSize();
    badCrc5.writeUInt8(badCrc5.readUInt8(8) ^ 0xff, 8);
    const badCrc4 = rar4OfSize();
    badCrc4.writeUInt8(badCrc4.readUInt8(7) ^ 0xff, 7);
    const wrongType = Buffer.from(rar5OfSize());
    wrongType[13] = 2;
    for (const file of [
      Buffer.from('Rar!\x1a\x07\x01\x00 some text', 'latin1'),
      Buffer.from('Rar!\x1a\x07\x00 some text here', 'latin1'),
      Buffer.from('Rar!\x1a\x07\x02\x00', 'latin1'),
      Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1'),
      badCrc5,
      badCrc4,
      wrongType,
    ]) {
      expect(isRarArchive(file)).toBe(false);
    }
  });
});
