import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { courseFileKinds, fileKinds, type FileKind } from '@tutoria/shared';
import { rar4OfSize, zipOfSize } from '../../test/archives.ts';
import { docxFile, gifFile, jpegFile, pdfFile, pngFile, webpFile } from '../../test/files.ts';
import { attachmentHeader } from '../http/files.ts';
import { kindOf, kindOfName, sniffContent } from './file-kinds.ts';
import { createFileStore, displayName } from './file-store.ts';

const sniffKind = (head: Buffer) => {
  const family = sniffContent(head);
  return family === 'zip' || family === 'rar' ? family : null;
};

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
    expect(kindOfName('Book.ZIP', courseFileKinds)).toBe('zip');
    expect(kindOfName('a.b.rar', courseFileKinds)).toBe('rar');
    expect(kindOfName('zip', courseFileKinds)).toBeNull();
    expect(kindOfName('book.zip.exe', courseFileKinds)).toBeNull();
  });
});

describe('displayName', () => {
  it('keeps only the last path segment of either slash', () => {
    expect(displayName('../../etc/passwd.zip', 'zip', 'course-file')).toBe('passwd.zip');
    expect(displayName('C:\\Users\\me\\Book.zip', 'zip', 'course-file')).toBe('Book.zip');
    expect(displayName('/abs/path/', 'rar', 'course-file')).toBe('course-file.rar');
  });

  it('drops control and reserved characters, dots at the ends and extra spaces', () => {
    expect(displayName('a\u0000b\nc<>:"|?*d.zip', 'zip', 'course-file')).toBe('abcd.zip');
    expect(displayName('  ..hidden  name ..zip', 'zip', 'course-file')).toBe('hidden name.zip');
    expect(displayName('....zip', 'zip', 'course-file')).toBe('course-file.zip');
  });

  it('ends with the proven extension and stays within 200 characters', () => {
    expect(displayName('Listening audio', 'rar', 'course-file')).toBe('Listening audio.rar');
    expect(displayName('notes.Zip', 'zip', 'course-file')).toBe('notes.zip');
    const long = displayName(`${'x'.repeat(300)}.zip`, 'zip', 'course-file');
    expect(long).toHaveLength(200);
    expect(long.endsWith('.zip')).toBe(true);
    expect(displayName('数学练习册', 'zip', 'course-file')).toBe('数学练习册.zip');
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

describe('kinds other areas accept (homework: documents and images)', () => {
  const samples: [FileKind, string, Buffer][] = [
    ['pdf', 'a.pdf', pdfFile()],
    ['png', 'a.png', pngFile()],
    ['jpeg', 'a.JPG', jpegFile()],
    ['jpeg', 'a.jpeg', jpegFile()],
    ['gif', 'a.gif', gifFile()],
    ['webp', 'a.webp', webpFile()],
    ['docx', 'a.docx', docxFile()],
    ['xlsx', 'a.xlsx', docxFile()],
    ['zip', 'a.zip', zipOfSize(200)],
    ['rar', 'a.rar', rar4OfSize(200)],
  ];

  it('knows each kind by its first bytes and the name that says so', () => {
    for (const [kind, name, content] of samples) expect(kindOf(content, name, fileKinds), name).toBe(kind);
  });

  it('refuses a name that lies about the content, and a kind the area does not accept', () => {
    expect(kindOf(pdfFile(), 'a.png', fileKinds)).toBeNull();
    expect(kindOf(Buffer.from('MZ\x90\x00', 'latin1'), 'a.pdf', fileKinds)).toBeNull();
    expect(kindOf(zipOfSize(200), 'a.pdf', fileKinds)).toBeNull();
    expect(kindOf(pdfFile(), 'a.pdf', courseFileKinds)).toBeNull();
  });

  it('keeps a well-built file and refuses one that only starts like its kind', async () => {
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoria-store-'));
    try {
      const store = createFileStore({
        filesDir,
        folder: 'x',
        kinds: fileKinds,
        maxUploadBytes: 1024 * 1024,
        fallbackName: 'file',
      });
      for (const [kind, name, content] of samples) {
        const received = await store.receive(Readable.from([content]), name);
        expect(received.kind).toBe(kind);
        await store.discard([received]);
      }
      const fakes: [string, Buffer][] = [
        ['fake.pdf', Buffer.from('%PDF-1.4 but nothing else', 'latin1')],
        ['fake.png', Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(20)])],
        ['fake.gif', Buffer.from('GIF89a and more', 'latin1')],
        ['fake.webp', Buffer.concat([Buffer.from('RIFF\xff\xff\xff\x00WEBP', 'latin1'), Buffer.alloc(8)])],
        ['fake.docx', Buffer.from('PK\x03\x04 not a zip', 'latin1')],
      ];
      for (const [name, content] of fakes) {
        await expect(store.receive(Readable.from([content]), name), name).rejects.toMatchObject({
          code: 'FAILED_VALIDATION',
        });
      }
      expect(fs.readdirSync(path.join(filesDir, 'tmp'))).toEqual([]);
    } finally {
      fs.rmSync(filesDir, { recursive: true, force: true });
    }
  });

  it('keeps the extension the name had among its kind, lower-cased', () => {
    expect(displayName('Photo.JPEG', 'jpeg', 'file')).toBe('Photo.jpeg');
    expect(displayName('Photo', 'jpeg', 'file')).toBe('Photo.jpg');
    expect(displayName('../answer.pdf', 'pdf', 'homework-file')).toBe('answer.pdf');
  });
});
