import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { zipOfSize } from '../../../test/archives.ts';
import { createCourseFileStore, displayName, kindOfName, sniffKind } from './course-file-store.ts';
import { attachmentHeader } from './specifications.routes.ts';

describe('course file content check (SPEC §5: .zip or .rar only)', () => {
  it('knows zip, empty zip and rar (4 and 5) by their first bytes', () => {
    expect(sniffKind(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14]))).toBe('zip');
    expect(sniffKind(Buffer.from([0x50, 0x4b, 0x05, 0x06, 0, 0]))).toBe('zip');
    expect(sniffKind(Buffer.from('Rar!\x1a\x07\x00', 'latin1'))).toBe('rar');
    expect(sniffKind(Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1'))).toBe('rar');
  });

  it('refuses everything else, including spanned-zip markers, executables and short heads', () => {
    for (const head of ['MZ\x90\x00', '%PDF-1.7', 'PK\x07\x08', 'PK', 'Rar!', '', '\x7fELF']) {
      expect(sniffKind(Buffer.from(head, 'latin1')), JSON.stringify(head)).toBeNull();
    }
  });

  it('reads the kind a name claims, case-insensitively', () => {
    expect(kindOfName('Book.ZIP')).toBe('zip');
    expect(kindOfName('a.b.rar')).toBe('rar');
    expect(kindOfName('zip')).toBeNull();
    expect(kindOfName('book.zip.exe')).toBeNull();
  });
});

describe('displayName', () => {
  it('keeps only the last path segment of either slash', () => {
    expect(displayName('../../etc/passwd.zip', 'zip')).toBe('passwd.zip');
    expect(displayName('C:\\Users\\me\\Book.zip', 'zip')).toBe('Book.zip');
    expect(displayName('/abs/path/', 'rar')).toBe('course-file.rar');
  });

  it('drops control and reserved characters, dots at the ends and extra spaces', () => {
    expect(displayName('a\u0000b\nc<>:"|?*d.zip', 'zip')).toBe('abcd.zip');
    expect(displayName('  ..hidden  name ..zip', 'zip')).toBe('hidden name.zip');
    expect(displayName('....zip', 'zip')).toBe('course-file.zip');
  });

  it('ends with the proven extension and stays within 200 characters', () => {
    expect(displayName('Listening audio', 'rar')).toBe('Listening audio.rar');
    expect(displayName('notes.Zip', 'zip')).toBe('notes.zip');
    const long = displayName(`${'x'.repeat(300)}.zip`, 'zip');
    expect(long).toHaveLength(200);
    expect(long.endsWith('.zip')).toBe(true);
    expect(displayName('数学练习册', 'zip')).toBe('数学练习册.zip');
  });
});

describe('attachmentHeader', () => {
  it('gives an ASCII fallback and the exact UTF-8 name, with quotes and percent signs made harmless', () => {
    expect(attachmentHeader('Book 1.zip')).toBe(
      `attachment; filename="Book 1.zip"; filename*=UTF-8''Book%201.zip`,
    );
    expect(attachmentHeader('数学 "final" 100%.zip')).toBe(
      `attachment; filename="__ _final_ 100_.zip"; filename*=UTF-8''%E6%95%B0%E5%AD%A6%20%22final%22%20100%25.zip`,
    );
    expect(attachmentHeader("it's (v2).rar")).toBe(
      `attachment; filename="it's (v2).rar"; filename*=UTF-8''it%27s%20%28v2%29.rar`,
    );
  });
});

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
