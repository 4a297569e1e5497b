import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, HOMEWORK_FILE_MAX_BYTES } from '@tutoria/shared';
import { homeworkFiles, homeworkFileTickets, homeworks } from '../../db/schema/index.ts';
import { tableCounts } from '../../../test/factories.ts';
import { docxFile, pdfFile, pngFile } from '../../../test/files.ts';
import { fileBytes, type MultipartFilePart, multipartBody } from '../../../test/multipart.ts';
import {
  buildClassroom,
  type BuiltClassroom,
  DAY,
  HOUR,
  monday,
  type Person,
  person,
  recordSession,
} from '../../../test/scheduling-factories.ts';
import { signedHeaders } from '../../../test/signing.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Homework files (issue 10, hw-files): the teacher's assignment files, the student's answer files,
 * one-use download links, the scope (a classmate's homework is not found) and what is left on disk.
 */
const h = contract.homeworkFiles;
let t: TestApp;
let dataDir: string;
let admin: Person;
let consultant: Person;
let otherTeacher: Person;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoria-homework-files-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await person(t, 'Admin');
  consultant = await person(t, 'AcademicConsultant');
  otherTeacher = await person(t, 'Teacher');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const past = monday(-1) + 9 * HOUR;

interface Setup {
  built: BuiltClassroom;
  student: Person;
  classmate: Person;
  /** The homework of `student` and of `classmate`, given at the same session. */
  homeworkId: string;
  classmateHomeworkId: string;
}

/** A class of two students with a held session and one homework given to both. */
async function withHomework(name?: string): Promise<Setup> {
  const built = await buildClassroom(t, {
    times: [{ start: past, end: past + HOUR }],
    assistant: true,
    name,
  });
  await recordSession(t.db, built.sessionIds[0]!, { teachingDay: true });
  const given = await t.call(
    contract.academic.addHomework,
    {
      body: {
        sessionId: built.sessionIds[0]!,
        studentsPublicKey: built.students.map((s) => s.publicKey),
        subtitle: 'Essay',
        deadLine: past + 3 * DAY,
        form: 'written',
      },
    },
    { token: built.teacher.token },
  );
  expect(given.statusCode, given.body).toBe(200);
  const rows = await t.db.select().from(homeworks).where(eq(homeworks.sessionId, built.sessionIds[0]!));
  const [student, classmate] = built.students as [Person, Person];
  const of = (p: Person) => rows.find((r) => r.studentKey === p.publicKey)!.homeworkId;
  return { built, student, classmate, homeworkId: of(student), classmateHomeworkId: of(classmate) };
}

function upload(homeworkId: string, token: string, files: MultipartFilePart[], language: 'en' | 'zh' = 'en') {
  const { payload, contentType } = multipartBody(files);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/${h.uploadHomeworkFiles.path}?${new URLSearchParams({ homeworkId })}`,
    headers: {
      ...signedHeaders(),
      authorization: `Bearer ${token}`,
      'accept-language': language,
      'content-type': contentType,
    },
    payload,
  });
}

async function uploadOne(homeworkId: string, token: string, filename: string, content: Buffer) {
  const res = await upload(homeworkId, token, [{ filename, content }]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().files[0] as { homeworkFileId: string; role: string; name: string; kind: string };
}

/** Every file under the data folder, relative to it (the temporary folder included). */
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
const snapshot = async () => ({ disk: filesOnDisk(), counts: await tableCounts(t.db) });

async function keptPathOf(homeworkFileId: string, classroomId: string) {
  const [row] = await t.db
    .select()
    .from(homeworkFiles)
    .where(eq(homeworkFiles.homeworkFileId, homeworkFileId));
  return path.join(t.config.filesDir, 'homework-files', classroomId, row!.storedName);
}

const link = (homeworkFileId: string, token: string) =>
  t.call(h.homeworkFileLink, { params: { id: homeworkFileId } }, { token });
const download = (url: string) => t.app.inject({ method: 'GET', url });
const remove = (homeworkFileId: string, token: string) =>
  t.call(h.deleteHomeworkFile, { params: { id: homeworkFileId } }, { token });

describe('classRoom/uploadHomeworkFiles', () => {
  it('keeps the teacher’s and the assistant’s assignment files and the student’s answer, listed with the homework', async () => {
    const s = await withHomework();
    const sheet = await uploadOne(s.homeworkId, s.built.teacher.token, 'Worksheet 1.pdf', pdfFile());
    expect(sheet).toMatchObject({ role: 'assignment', name: 'Worksheet 1.pdf', kind: 'pdf' });
    const picture = await uploadOne(s.homeworkId, s.built.assistant!.token, 'board.png', pngFile());
    expect(picture.role).toBe('assignment');
    const answer = await uploadOne(s.homeworkId, s.student.token, 'my answer.docx', docxFile());
    expect(answer).toMatchObject({ role: 'answer', kind: 'docx' });
    expect(fs.existsSync(await keptPathOf(sheet.homeworkFileId, s.built.classroomId))).toBe(true);
    expect(fs.readdirSync(path.join(t.config.filesDir, 'tmp'))).toEqual([]);

    const read = await t.call(
      contract.academic.sessionRecords,
      { query: { sessionId: s.built.sessionIds[0]! } },
      { token: s.student.token },
    );
    const mine = read
      .json()
      .students.find((x: { studentPublicKey: string }) => x.studentPublicKey === s.student.publicKey);
    expect(mine.homeworks[0].files.map((f: { name: string }) => f.name)).toEqual([
      'Worksheet 1.pdf',
      'board.png',
      'my answer.docx',
    ]);
    const tasks = await t.call(contract.reports.studentTasks, { body: {} }, { token: s.student.token });
    expect(tasks.json().homeworks[0].files).toHaveLength(3);
  });

  it('answers a classmate, a teacher of another class and a consultant as if the homework did not exist, keeping nothing', async () => {
    const s = await withHomework();
    const before = await snapshot();
    for (const token of [s.classmate.token, otherTeacher.token, consultant.token]) {
      const res = await upload(s.homeworkId, token, [{ filename: 'x.pdf', content: pdfFile() }]);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('FETCH_DATA_FAILED');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file that is not what its name says, an empty or oversized one, in the caller’s language, changing nothing', async () => {
    const s = await withHomework();
    const before = await snapshot();
    const exe = await upload(s.homeworkId, s.student.token, [
      { filename: 'answer.pdf', content: fileBytes.exe() },
    ]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json().code).toBe('FAILED_VALIDATION');
    const lying = await upload(
      s.homeworkId,
      s.built.teacher.token,
      [{ filename: 'sheet.png', content: pdfFile() }],
      'zh',
    );
    expect(lying.statusCode).toBe(400);
    expect(lying.json().message).toMatch(/[\u4e00-\u9fff]/);
    const rar = await upload(s.homeworkId, s.built.teacher.token, [
      { filename: 'a.rar', content: fileBytes.rar() },
    ]);
    expect(rar.statusCode).toBe(400);
    // One good file and one bad one: neither is kept.
    const mixed = await upload(s.homeworkId, s.student.token, [
      { filename: 'good.pdf', content: pdfFile() },
      { filename: 'bad.docx', content: Buffer.from('PK\x03\x04 not really', 'latin1') },
    ]);
    expect(mixed.statusCode).toBe(400);
    const empty = await upload(s.homeworkId, s.student.token, [
      { filename: 'a.pdf', content: Buffer.alloc(0) },
    ]);
    expect(empty.statusCode).toBe(400);
    const big = Buffer.concat([pdfFile(), Buffer.alloc(HOMEWORK_FILE_MAX_BYTES)]);
    const huge = await upload(s.homeworkId, s.student.token, [{ filename: 'big.pdf', content: big }]);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().fields?.file ?? huge.json().message).toMatch(/10/);
    const none = await upload(s.homeworkId, s.student.token, []);
    expect(none.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses the student’s answer once the homework is Done', async () => {
    const s = await withHomework();
    const answer = await uploadOne(s.homeworkId, s.student.token, 'a.pdf', pdfFile());
    const graded = await t.call(
      contract.academic.setHomework,
      { body: { homeworkId: s.homeworkId, state: 'Done', correctPercentation: 80 } },
      { token: s.built.teacher.token },
    );
    expect(graded.statusCode, graded.body).toBe(200);
    const late = await upload(s.homeworkId, s.student.token, [{ filename: 'b.pdf', content: pdfFile() }]);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/done/i);
    expect((await remove(answer.homeworkFileId, s.student.token)).statusCode).toBe(400);
  });
});

describe('download links (createHomeworkFileLink, downloadHomeworkFile)', () => {
  it('gives the student, the teacher and staff in reach a one-use link; a classmate gets not found', async () => {
    const s = await withHomework();
    const content = pdfFile('Read chapter 3');
    const sheet = await uploadOne(s.homeworkId, s.built.teacher.token, '阅读 第三章.pdf', content);
    const res = await link(sheet.homeworkFileId, s.student.token);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(
      new RegExp(`^/api/v1/classRoom/downloadHomeworkFile/${sheet.homeworkFileId}\\?ticket=[\\w-]{43}$`),
    );
    const got = await download(url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(content)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toContain(encodeURIComponent('阅读 第三章.pdf'));
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    const again = await download(url);
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('ACCESS_DENIED');

    for (const token of [s.built.teacher.token, s.built.assistant!.token, admin.token])
      expect((await link(sheet.homeworkFileId, token)).statusCode).toBe(200);
    for (const token of [s.classmate.token, otherTeacher.token]) {
      const refused = await link(sheet.homeworkFileId, token);
      expect(refused.statusCode).toBe(404);
    }
    expect((await link('00000000-0000-4000-8000-000000000000', admin.token)).statusCode).toBe(404);
    const { url: late } = (await link(sheet.homeworkFileId, s.student.token)).json();
    await t.db.update(homeworkFileTickets).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await download(late)).statusCode).toBe(403);
  });
});

describe('classRoom/deleteHomeworkFile', () => {
  it('lets each remove only their kind of file, from the database and from disk', async () => {
    const s = await withHomework();
    const sheet = await uploadOne(s.homeworkId, s.built.teacher.token, 'sheet.pdf', pdfFile());
    const answer = await uploadOne(s.homeworkId, s.student.token, 'answer.pdf', pdfFile());
    const sheetPath = await keptPathOf(sheet.homeworkFileId, s.built.classroomId);
    const answerPath = await keptPathOf(answer.homeworkFileId, s.built.classroomId);

    const studentOnSheet = await remove(sheet.homeworkFileId, s.student.token);
    expect(studentOnSheet.statusCode).toBe(403);
    expect((await remove(answer.homeworkFileId, s.built.teacher.token)).statusCode).toBe(403);
    for (const token of [s.classmate.token, otherTeacher.token, consultant.token])
      expect((await remove(answer.homeworkFileId, token)).statusCode).toBe(404);
    expect(fs.existsSync(sheetPath) && fs.existsSync(answerPath)).toBe(true);

    const mine = await remove(answer.homeworkFileId, s.student.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(fs.existsSync(answerPath)).toBe(false);
    const theirs = await remove(sheet.homeworkFileId, s.built.assistant!.token);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(fs.existsSync(sheetPath)).toBe(false);
    expect(await t.db.select().from(homeworkFiles).where(eq(homeworkFiles.homeworkId, s.homeworkId))).toEqual(
      [],
    );
    expect((await remove(sheet.homeworkFileId, s.built.teacher.token)).statusCode).toBe(404);
  });
});

describe('removing the homework or the class', () => {
  it('removes a homework’s files from disk with it; a student may not remove homework', async () => {
    const s = await withHomework();
    const sheet = await uploadOne(s.homeworkId, s.built.teacher.token, 'sheet.pdf', pdfFile());
    const sheetPath = await keptPathOf(sheet.homeworkFileId, s.built.classroomId);
    const body = { homeworkId: s.homeworkId };
    expect((await t.call(h.removeHomework, { body }, { token: s.student.token })).statusCode).toBe(403);
    expect((await t.call(h.removeHomework, { body }, { token: otherTeacher.token })).statusCode).toBe(404);
    const res = await t.call(h.removeHomework, { body }, { token: s.built.teacher.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(fs.existsSync(sheetPath)).toBe(false);
    expect(await t.db.select().from(homeworks).where(eq(homeworks.homeworkId, s.homeworkId))).toEqual([]);
    expect(
      await t.db.select().from(homeworks).where(eq(homeworks.homeworkId, s.classmateHomeworkId)),
    ).toHaveLength(1);
  });

  it('removes a destroyed class’s homework folder after commit', async () => {
    const s = await withHomework('Files class');
    await uploadOne(s.homeworkId, s.built.teacher.token, 'sheet.pdf', pdfFile());
    const folder = path.join(t.config.filesDir, 'homework-files', s.built.classroomId);
    expect(fs.readdirSync(folder)).toHaveLength(1);
    const res = await t.call(
      contract.classes.destroy,
      { body: { classroomId: s.built.classroomId, confirmation: 'Files class' } },
      { token: admin.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    await t.events.drain();
    expect(fs.existsSync(folder)).toBe(false);
  });
});
