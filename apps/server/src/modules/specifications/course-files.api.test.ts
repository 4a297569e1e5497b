import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { auditLog, courseFiles, courseFileTickets, specifications, users } from '../../db/schema/index.ts';
import { buildLesson, buildSpecification } from '../../../test/lesson-factories.ts';
import { buildUser, sessionFor, tableCounts } from '../../../test/factories.ts';
import { rar4OfSize, zipArchive } from '../../../test/archives.ts';
import { fileBytes, type MultipartFilePart, multipartBody } from '../../../test/multipart.ts';
import { signedHeaders } from '../../../test/signing.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const c = contract.specifications;
const MAX_UPLOAD_MB = '0.01'; // 10,486 bytes: big enough for the fixtures, small enough to exceed
let t: TestApp;
let dataDir: string;
let keptDir: string;
let tempDir: string;
let admin: string;
let leader: string;
let teacher: string;
let student: string;
let specificationId: string;
const nobody = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoria-files-'));
  t = await createTestApp({ DATA_DIR: dataDir, MAX_UPLOAD_MB });
  keptDir = path.join(t.config.filesDir, 'course-files');
  tempDir = path.join(t.config.filesDir, 'tmp');
  admin = await sessionFor(t.db, await buildUser(t.db, { role: 'Admin' }));
  leader = await sessionFor(t.db, await buildUser(t.db, { role: 'TeamLeader' }));
  teacher = await sessionFor(t.db, await buildUser(t.db, { role: 'Teacher' }));
  student = await sessionFor(t.db, await buildUser(t.db, { role: 'Student' }));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  const lesson = await buildLesson(t.db);
  specificationId = (await buildSpecification(t.db, [lesson.lessonId])).specificationId;
});

interface UploadOptions {
  token?: string;
  names?: string[];
  spec?: string;
  language?: 'en' | 'zh';
  fields?: Record<string, string>;
  path?: string;
}

function upload(files: MultipartFilePart[], options: UploadOptions = {}) {
  const { payload, contentType } = multipartBody(files, options.fields);
  const query = new URLSearchParams({ specificationId: options.spec ?? specificationId });
  for (const name of options.names ?? []) query.append('names', name);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/${options.path ?? c.uploadCourseFiles.path}?${query}`,
    headers: {
      ...signedHeaders(),
      authorization: `Bearer ${options.token ?? leader}`,
      'accept-language': options.language ?? 'en',
      'content-type': contentType,
    },
    payload,
  });
}

/** Every file under the data folder, relative to it: proof of what an upload left on disk. */
function filesOnDisk(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.push(path.relative(dataDir, full));
    }
  };
  walk(dataDir);
  return found.sort();
}

async function expectNothingKept(before: { disk: string[]; counts: Record<string, number> }) {
  expect(filesOnDisk()).toEqual(before.disk);
  expect(fs.existsSync(tempDir) ? fs.readdirSync(tempDir) : []).toEqual([]);
  expect(await tableCounts(t.db)).toEqual(before.counts);
}
const snapshot = async () => ({ disk: filesOnDisk(), counts: await tableCounts(t.db) });

describe('specification/uploadCourseFiles (uploadCourseFiles?names)', () => {
  it('keeps a .zip under a server-made name, records it and lists it with the course', async () => {
    const content = fileBytes.zip(2000);
    const res = await upload([{ filename: 'Pure Mathematics workbook.zip', content }]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: true, message: 'Added successfully' });
    expect(body.courseFiles).toMatchObject([
      { name: 'Pure Mathematics workbook.zip', kind: 'zip', sizeInBytes: 2000 },
    ]);
    const [row] = await t.db
      .select()
      .from(courseFiles)
      .where(eq(courseFiles.courseFileId, body.courseFiles[0].courseFileId));
    expect(row!.storedName).toMatch(/^[0-9a-f-]{36}\.zip$/);
    const onDisk = path.join(keptDir, row!.storedName);
    expect(fs.readFileSync(onDisk).equals(content)).toBe(true);
    expect(fs.readdirSync(tempDir)).toEqual([]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'specification.uploadCourseFiles'));
    expect(audit.some((a) => a.entityId === specificationId)).toBe(true);

    const list = await t.call(
      c.list,
      {
        body: {
          where: [[{ column: 'title', comparison: 'Equal', operand: await titleOf(specificationId) }]],
        },
      },
      { token: teacher },
    );
    expect(list.json().data[0].courseFiles).toMatchObject([
      { courseFileId: row!.courseFileId, name: 'Pure Mathematics workbook.zip' },
    ]);
  });

  it('takes .rar and empty .zip archives, several at once, named by `names` in order', async () => {
    const res = await upload(
      [
        { filename: 'a.rar', content: fileBytes.rar() },
        { filename: 'b.ZIP', content: fileBytes.emptyZip() },
        { filename: 'c.zip', content: fileBytes.zip() },
      ],
      { names: ['Listening audio', 'Answer sheets.zip'], path: 'uploadCourseFiles' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().courseFiles.map((f: { name: string; kind: string }) => [f.name, f.kind])).toEqual([
      ['Listening audio.rar', 'rar'],
      ['Answer sheets.zip', 'zip'],
      ['c.zip', 'zip'],
    ]);
    expect(
      await t.db.select().from(courseFiles).where(eq(courseFiles.specificationId, specificationId)),
    ).toHaveLength(3);
  });

  it('refuses an .exe renamed .zip, by its content, and keeps nothing', async () => {
    const before = await snapshot();
    const res = await upload([{ filename: 'setup.zip', content: fileBytes.exe() }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'FAILED_VALIDATION',
      message: '“setup.zip” must be a valid format.',
      details: [{ field: 'file' }],
    });
    await expectNothingKept(before);
    const zh = await upload([{ filename: 'setup.zip', content: fileBytes.exe() }], { language: 'zh' });
    expect(zh.json().message).toBe('“setup.zip”必须是有效的格式。');
  });

  it('refuses files that only begin like an archive, and takes RAR 4 and archives with a comment', async () => {
    const before = await snapshot();
    const pretenders = [
      {
        filename: 'notes.zip',
        content: Buffer.from('PK\x03\x04 these are my notes, not an archive\n', 'latin1'),
      },
      { filename: 'cut.zip', content: fileBytes.zip(2000).subarray(0, 1000) },
      { filename: 'padded.zip', content: Buffer.concat([fileBytes.zip(500), Buffer.from('trailing text')]) },
      {
        filename: 'notes.rar',
        content: Buffer.from('Rar!\x1a\x07\x01\x00 not really a rar archive', 'latin1'),
      },
    ];
    for (const file of pretenders) {
      const res = await upload([file]);
      expect(res.statusCode, file.filename).toBe(400);
      expect(res.json(), file.filename).toMatchObject({
        code: 'FAILED_VALIDATION',
        message: `“${file.filename}” must be a valid format.`,
      });
    }
    await expectNothingKept(before);
    const real = await upload([
      { filename: 'old.rar', content: rar4OfSize(300) },
      {
        filename: 'notes.zip',
        content: zipArchive([{ name: 'n.txt', content: Buffer.from('notes') }], 'made by hand'),
      },
    ]);
    expect(real.statusCode).toBe(200);
    expect(real.json().courseFiles.map((f: { kind: string }) => f.kind)).toEqual(['rar', 'zip']);
  });

  it('refuses content and name that disagree, and names that are not .zip or .rar', async () => {
    const before = await snapshot();
    for (const file of [
      { filename: 'notes.zip', content: fileBytes.rar() },
      { filename: 'notes.rar', content: fileBytes.zip() },
      { filename: 'notes.exe', content: fileBytes.zip() },
      { filename: 'notes', content: fileBytes.zip() },
      { filename: 'notes.pdf', content: Buffer.from('%PDF-1.7 hello') },
    ]) {
      const res = await upload([file]);
      expect(res.statusCode, file.filename).toBe(400);
      expect(res.json().message).toMatch(/must be a valid format/);
    }
    await expectNothingKept(before);
  });

  it('refuses an empty file', async () => {
    const before = await snapshot();
    const res = await upload([{ filename: 'empty.zip', content: Buffer.alloc(0) }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('“empty.zip” is empty.');
    await expectNothingKept(before);
  });

  it('refuses a file over MAX_UPLOAD_MB with the limit in the text', async () => {
    const before = await snapshot();
    const res = await upload([{ filename: 'huge.zip', content: fileBytes.zip(t.config.maxUploadBytes + 1) }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'FAILED_VALIDATION',
      message: '“huge.zip” is larger than the 0.01 MB limit.',
    });
    await expectNothingKept(before);
    const exact = await upload([{ filename: 'exact.zip', content: fileBytes.zip(t.config.maxUploadBytes) }]);
    expect(exact.statusCode).toBe(200);
  });

  it('keeps none of the files when one of them fails half-way through the request', async () => {
    const before = await snapshot();
    const res = await upload([
      { filename: 'good-1.zip', content: fileBytes.zip() },
      { filename: 'good-2.rar', content: fileBytes.rar() },
      { filename: 'virus.zip', content: fileBytes.exe() },
    ]);
    expect(res.statusCode).toBe(400);
    await expectNothingKept(before);
  });

  it('stores a path-traversal name inside the file store and shows only its last segment', async () => {
    const res = await upload([
      { filename: '../../../../etc/cron.d/evil.zip', content: fileBytes.zip() },
      { filename: '..\\..\\windows\\system32\\evil2.rar', content: fileBytes.rar() },
      { filename: '....zip', content: fileBytes.zip() },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().courseFiles.map((f: { name: string }) => f.name)).toEqual([
      'evil.zip',
      'evil2.rar',
      'course-file.zip',
    ]);
    const rows = await t.db
      .select()
      .from(courseFiles)
      .where(eq(courseFiles.specificationId, specificationId));
    for (const row of rows) expect(row.storedName).toMatch(/^[0-9a-f-]{36}\.(zip|rar)$/);
    for (const file of filesOnDisk()) expect(file).toMatch(/^files\/course-files\/[0-9a-f-]{36}\.(zip|rar)$/);
    expect(fs.existsSync(path.resolve(dataDir, '../../../../etc/cron.d/evil.zip'))).toBe(false);
  });

  it('says "please choose your file" when no file comes', async () => {
    const before = await snapshot();
    const onlyField = await upload([], { fields: { note: 'hello' } });
    expect(onlyField.statusCode).toBe(400);
    expect(onlyField.json()).toMatchObject({
      message: 'please choose your file',
      details: [{ field: 'file' }],
    });
    const json = await t.call(
      c.uploadCourseFiles,
      { query: { specificationId } },
      { token: leader, rawBody: '{}' },
    );
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('please choose your file');
    const zh = await upload([], { language: 'zh' });
    expect(zh.json().message).toBe('请选择文件');
    await expectNothingKept(before);
  });

  it('refuses more than 10 files at once', async () => {
    const before = await snapshot();
    const files = Array.from({ length: 11 }, (_, i) => ({
      filename: `part-${i}.zip`,
      content: fileBytes.zip(),
    }));
    const res = await upload(files);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Send at most 10 files at once.');
    await expectNothingKept(before);
  });

  it('answers an unknown course as not found, and bad queries as validation errors', async () => {
    const before = await snapshot();
    expect(
      (await upload([{ filename: 'a.zip', content: fileBytes.zip() }], { spec: nobody })).statusCode,
    ).toBe(404);
    const badId = await upload([{ filename: 'a.zip', content: fileBytes.zip() }], { spec: 'not-a-uuid' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().details[0].field).toBe('specificationId');
    const longName = await upload([{ filename: 'a.zip', content: fileBytes.zip() }], {
      names: ['n'.repeat(201)],
    });
    expect(longName.statusCode).toBe(400);
    await expectNothingKept(before);
  });

  it('is refused to read-only staff and students before the body is read', async () => {
    const before = await snapshot();
    for (const token of [teacher, student]) {
      const res = await upload([{ filename: 'a.zip', content: fileBytes.zip() }], { token });
      expect(res.statusCode).toBe(403);
    }
    await expectNothingKept(before);
  });
});

async function titleOf(id: string): Promise<string> {
  const [row] = await t.db
    .select({ title: specifications.title })
    .from(specifications)
    .where(eq(specifications.specificationId, id));
  return row!.title;
}

async function uploadOne(name = 'Workbook.zip', content = fileBytes.zip(1500)) {
  const res = await upload([{ filename: name, content }]);
  expect(res.statusCode, res.body).toBe(200);
  const id: string = res.json().courseFiles[0].courseFileId;
  const [row] = await t.db.select().from(courseFiles).where(eq(courseFiles.courseFileId, id));
  return { id, content, diskPath: path.join(keptDir, row!.storedName) };
}

const download = (url: string) => t.app.inject({ method: 'GET', url });

describe('download links (createCourseFileLink, downloadCourseFile)', () => {
  it('gives every staff role a single-use link that a plain browser GET can open', async () => {
    const file = await uploadOne('数学 练习册 final.zip');
    const link = await t.call(c.courseFileLink, { params: { id: file.id } }, { token: teacher });
    expect(link.statusCode).toBe(200);
    const { url, expiresAt } = link.json();
    expect(url).toMatch(
      new RegExp(`^/api/v1/specification/downloadCourseFile/${file.id}\\?ticket=[\\w-]{43}$`),
    );
    expect(expiresAt - Date.now() / 1000).toBeGreaterThan(250);
    expect(expiresAt - Date.now() / 1000).toBeLessThanOrEqual(300);

    const res = await download(url); // no signature, no token: what a browser link sends
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(file.content)).toBe(true);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="__ ___ final.zip"; filename*=UTF-8''${encodeURIComponent('数学 练习册 final.zip')}`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');

    const again = await download(url);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(/expired or was already used/);
  });

  it('serves .rar files as RAR', async () => {
    const file = await uploadOne('audio.rar', fileBytes.rar(900));
    const { url } = (await t.call(c.courseFileLink, { params: { id: file.id } }, { token: admin })).json();
    const res = await download(url);
    expect(res.headers['content-type']).toBe('application/vnd.rar');
    expect(res.rawPayload.equals(file.content)).toBe(true);
  });

  it('refuses a wrong, expired, borrowed or missing ticket, and a ticket of a disabled user', async () => {
    const file = await uploadOne();
    const other = await uploadOne('other.zip');
    const expect403 = async (url: string) => {
      const res = await download(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('ACCESS_DENIED');
    };
    await expect403(`/api/v1/specification/downloadCourseFile/${file.id}?ticket=${'x'.repeat(43)}`);
    const { url: otherUrl } = (
      await t.call(c.courseFileLink, { params: { id: other.id } }, { token: admin })
    ).json();
    await expect403(otherUrl.replace(other.id, file.id));
    const { url: late } = (
      await t.call(c.courseFileLink, { params: { id: file.id } }, { token: admin })
    ).json();
    await t.db.update(courseFileTickets).set({ expiresAt: new Date(Date.now() - 1000) });
    await expect403(late);
    const gone = await buildUser(t.db, { role: 'Admin' });
    const goneToken = await sessionFor(t.db, gone);
    const { url: disabledUrl } = (
      await t.call(c.courseFileLink, { params: { id: file.id } }, { token: goneToken })
    ).json();
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.publicKey, gone.publicKey));
    await expect403(disabledUrl);
    const missing = await download(`/api/v1/specification/downloadCourseFile/${file.id}`);
    expect(missing.statusCode).toBe(400);
  });

  it('answers a link for an unknown file as not found, and refuses students', async () => {
    expect((await t.call(c.courseFileLink, { params: { id: nobody } }, { token: admin })).statusCode).toBe(
      404,
    );
    const file = await uploadOne();
    expect((await t.call(c.courseFileLink, { params: { id: file.id } }, { token: student })).statusCode).toBe(
      403,
    );
  });
});

describe('specification/deleteCourseFile/:id (deleteCourseFile/:id)', () => {
  it('removes the row and the file on disk', async () => {
    const file = await uploadOne();
    expect(fs.existsSync(file.diskPath)).toBe(true);
    const { url } = (await t.call(c.courseFileLink, { params: { id: file.id } }, { token: admin })).json();
    const res = await t.call(
      c.deleteCourseFile,
      { params: { id: file.id } },
      { token: leader, path: `deleteCourseFile/${file.id}` },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isSuccess: true, message: 'Removed successfully' });
    expect(fs.existsSync(file.diskPath)).toBe(false);
    expect(await t.db.select().from(courseFiles).where(eq(courseFiles.courseFileId, file.id))).toHaveLength(
      0,
    );
    expect(
      await t.db.select().from(courseFileTickets).where(eq(courseFileTickets.courseFileId, file.id)),
    ).toHaveLength(0);
    expect((await download(url)).statusCode).toBe(403);
    expect(
      (await t.call(c.deleteCourseFile, { params: { id: file.id } }, { token: leader })).statusCode,
    ).toBe(404);
  });

  it('refuses bad ids and roles that only read', async () => {
    const file = await uploadOne();
    expect((await t.call(c.deleteCourseFile, { params: { id: 'x' } }, { token: admin })).statusCode).toBe(
      400,
    );
    expect(
      (await t.call(c.deleteCourseFile, { params: { id: file.id } }, { token: teacher })).statusCode,
    ).toBe(403);
    expect(fs.existsSync(file.diskPath)).toBe(true);
  });

  it('removes every file of a course when the course is deleted', async () => {
    const first = await uploadOne();
    const second = await uploadOne('b.rar', fileBytes.rar());
    const res = await t.call(c.delete, { body: { specificationId } }, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(fs.existsSync(first.diskPath)).toBe(false);
    expect(fs.existsSync(second.diskPath)).toBe(false);
    expect(
      await t.db.select().from(courseFiles).where(eq(courseFiles.specificationId, specificationId)),
    ).toHaveLength(0);
  });
});
