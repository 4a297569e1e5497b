import fs from 'node:fs';
import path from 'node:path';

/**
 * The backup's container: a plain POSIX tar (ustar), written and read here in a few lines so the
 * format needs no dependency and streams both ways (a centre's uploaded files can be gigabytes).
 * Only regular files; names are checked on the way in (`safeEntryName`).
 */
const BLOCK = 512;

export interface TarSource {
  name: string;
  size: number;
  /** The entry's bytes, exactly `size` of them. */
  data: () => AsyncIterable<Buffer>;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** Splits a long name into ustar's prefix (≤ 155) and name (≤ 100) at a slash. */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let i = name.indexOf('/'); i > 0; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`Name too long for the archive: ${name}`);
}

function header(name: string, size: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  block.write(base, 0, 100, 'utf8');
  block.write(octal(0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(0, 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148, 'ascii');
  return block;
}

/** The archive's bytes: each entry's header, data and padding, then the two empty blocks. */
export async function* tarStream(entries: Iterable<TarSource>): AsyncGenerator<Buffer> {
  for (const entry of entries) {
    yield header(entry.name, entry.size);
    let written = 0;
    for await (const chunk of entry.data()) {
      written += chunk.length;
      yield chunk;
    }
    if (written !== entry.size) throw new Error(`${entry.name} changed while it was archived`);
    const pad = (BLOCK - (entry.size % BLOCK)) % BLOCK;
    if (pad) yield Buffer.alloc(pad);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** Up to `max` bytes (at least one) of what is next, or null at the end. */
  async some(max: number): Promise<Buffer | null> {
    if (!this.length) {
      const next = await this.source.next();
      if (next.done) return null;
      this.buffered.push(next.value);
      this.length += next.value.length;
    }
    const first = this.buffered[0]!;
    const taken = first.subarray(0, max);
    if (taken.length === first.length) this.buffered.shift();
    else this.buffered[0] = first.subarray(max);
    this.length -= taken.length;
    return taken;
  }

  async exactly(count: number): Promise<Buffer | null> {
    const parts: Buffer[] = [];
    let got = 0;
    while (got < count) {
      const part = await this.some(count - got);
      if (!part) return got === 0 ? null : Buffer.concat(parts);
      parts.push(part);
      got += part.length;
    }
    return Buffer.concat(parts);
  }
}

const field = (block: Buffer, start: number, length: number) =>
  block.toString('utf8', start, start + length).replace(/\0.*$/s, '');

/** An entry name as the backup writes them, never an absolute path or a way out of the folder. */
export function safeEntryName(name: string): boolean {
  return (
    /^(manifest\.json|tables\/[a-z_][a-z0-9_]*\.jsonl|files\/[\w.-]+(\/[\w.-]+)*)$/.test(name) &&
    !name.split('/').some((part) => part === '..' || part === '.')
  );
}

/**
 * Unpacks an archive into `dir`, calling `onEntry` with each entry's name before its bytes are
 * written (the manifest, first, is read and checked there) and `onData` with every chunk (hashes).
 */
export async function extractTar(
  source: AsyncIterable<Buffer>,
  dir: string,
  hooks: { onData(name: string, chunk: Buffer): void; onEnd(name: string): Promise<void> | void },
): Promise<void> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  for (;;) {
    const block = await reader.exactly(BLOCK);
    if (!block || block.length < BLOCK) throw new Error('The archive ends early.');
    if (block.every((byte) => byte === 0)) return;
    const prefix = field(block, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(block, 0, 100);
    const size = parseInt(field(block, 124, 12).trim() || '0', 8);
    if (!safeEntryName(name) || !Number.isSafeInteger(size)) throw new Error(`Unexpected archive entry: ${name}`);
    const target = path.join(dir, name);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const out = fs.createWriteStream(target, { flags: 'wx', mode: 0o600 });
    let left = size;
    try {
      while (left > 0) {
        const chunk = await reader.some(Math.min(left, 1 << 20));
        if (!chunk) throw new Error('The archive ends early.');
        left -= chunk.length;
        hooks.onData(name, chunk);
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
    } finally {
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    }
    await hooks.onEnd(name);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await reader.exactly(pad);
  }
}
