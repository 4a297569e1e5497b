import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { zipOfSize } from '../../../test/archives.ts';
import { createCourseFileStore } from './course-file-store.ts';

describe('receiving a file', () => {
  it('leaves nothing in the temporary folder when the upload breaks off half-way', async () => {
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoria-store-'));
    try {
      const store = createCourseFileStore({ filesDir, maxUploadBytes: 1024 * 1024 });
      async function* broken() {
        yield Buffer.from([0x50, 0x4b, 0x03, 0x04]);
        yield Buffer.alloc(4096);
        throw new Error('connection reset');
      }
      await expect(store.receive(Readable.from(broken()), 'book.zip')).rejects.toThrow('connection reset');
      expect(fs.readdirSync(path.join(filesDir, 'tmp'))).toEqual([]);
      expect(fs.existsSync(path.join(filesDir, 'course-files'))).toBe(false);
    } finally {
      fs.rmSync(filesDir, { recursive: true, force: true });
    }
  });

  it('takes back files already moved when a later move fails', async () => {
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoria-store-'));
    try {
      const store = createCourseFileStore({ filesDir, maxUploadBytes: 1024 * 1024 });
      const zip = () => Readable.from([zipOfSize(200)]);
      const first = await store.receive(zip(), 'a.zip');
      const second = await store.receive(zip(), 'b.zip');
      fs.rmSync(second.tempPath); // the second move will fail
      await expect(store.keep([first, second])).rejects.toThrow();
      expect(fs.readdirSync(path.join(filesDir, 'course-files'))).toEqual([]);
      await store.discard([first, second]);
      expect(fs.readdirSync(path.join(filesDir, 'tmp'))).toEqual([]);
    } finally {
      fs.rmSync(filesDir, { recursive: true, force: true });
    }
  });
});
