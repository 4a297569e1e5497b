import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, DEPOSIT_RECEIPT_MAX_BYTES } from '@tutoria/shared';
import { auditLog, depositReceipts } from '../../db/schema/index.ts';
import { tableCounts } from '../../../test/factories.ts';
import { createDeposit, depositBody } from '../../../test/finance-factories.ts';
import { pdfFile, pngFile } from '../../../test/files.ts';
import { fileBytes, type MultipartFilePart, multipartBody } from '../../../test/multipart.ts';
import {
  buildClassroom,
  expectRefused,
  HOUR,
  monday,
  type Person,
  person,
} from '../../../test/scheduling-factories.ts';
import { signedHeaders } from '../../../test/signing.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * A deposit's receipt (issue 11, receipt): who may attach, replace, remove and download it, the
 * confirmed-deposit refusal, content checks, one-use links, and what is left on disk and in the DB.
 */
const r = contract.depositReceipts;
let t: TestApp;
let dataDir: string;
let admin: Person;
let finance: Person;
let consultant: Person;
let otherConsultant: Person;
let teacher: Person;
let student: Person;
let classroomId: string;
const start = monday(1) + 9 * HOUR;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoria-deposit-receipts-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await person(t, 'Admin');
  finance = await person(t, 'FinancialAdmin');
  consultant = await person(t, 'AcademicConsultant');
  otherConsultant = await person(t, 'AcademicConsultant');
  student = await person(t, 'Student', { consultantKey: consultant.publicKey });
  const built = await buildClassroom(t, { students: [student], times: [{ start, end: start + HOUR }] });
  classroomId = built.classroomId;
  teacher = built.teacher;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const newDeposit = () => createDeposit(t, consultant.token, depositBody(student, classroomId));

function upload(depositId: string, token: string, files: MultipartFilePart[]) {
  const { payload, contentType } = multipartBody(files);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/${r.uploadReceipt.path}?${new URLSearchParams({ depositId })}`,
    headers: { ...signedHeaders(), authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}
const attach = (
  depositId: string,
  token: string,
  filename = 'Receipt 42.pdf',
  content = pdfFile('Receipt'),
) => upload(depositId, token, [{ filename, content }]);
const remove = (depositId: string, token: string) =>
  t.call(r.deleteReceipt, { body: { depositId } }, { token });
const link = (depositId: string, token: string) => t.call(r.receiptLink, { body: { depositId } }, { token });
const download = (url: string) => t.app.inject({ method: 'GET', url });

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
const rowOf = async (depositId: string) =>
  (await t.db.select().from(depositReceipts).where(eq(depositReceipts.depositId, depositId)))[0];
const keptPath = (storedName: string) => path.join(t.config.filesDir, 'deposit-receipts', storedName);
const trail = async (depositId: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.entityId, depositId))).map((a) => a.action);
const listed = async (depositId: string, token: string) => {
  const res = await t.call(contract.deposits.list, { body: { page: { index: 1, size: -1 } } }, { token });
  return res.json().data.find((d: { depositId: string }) => d.depositId === depositId);
};

describe('deposit/uploadReceipt', () => {
  it('lets the consultant, a financial admin and an admin attach a receipt; the lists show it', async () => {
    const depositId = await newDeposit();
    for (const [token, filename, content, kind] of [
      [consultant.token, 'Receipt 42.pdf', pdfFile(), 'pdf'],
      [finance.token, 'scan.png', pngFile(), 'png'],
      [admin.token, 'contract.pdf', pdfFile('Contract'), 'pdf'],
    ] as const) {
      const res = await attach(depositId, token, filename, content);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Receipt attached.',
        receipt: { name: filename, kind, sizeInBytes: content.length },
      });
    }
    const row = await rowOf(depositId);
    expect(row).toMatchObject({ name: 'contract.pdf', kind: 'pdf', uploadedBy: admin.publicKey });
    expect(fs.readFileSync(keptPath(row!.storedName)).equals(pdfFile('Contract'))).toBe(true);
    expect(await listed(depositId, consultant.token)).toMatchObject({
      receipt: { name: 'contract.pdf', kind: 'pdf' },
    });
    const own = await t.call(
      contract.deposits.own,
      { query: { index: 1, size: 50 } },
      { token: student.token },
    );
    expect(
      own.json().data.find((d: { depositId: string }) => d.depositId === depositId).receipt,
    ).toMatchObject({ name: 'contract.pdf' });
    expect(await trail(depositId)).toEqual([
      'deposit.created',
      'deposit.receiptAttached',
      'deposit.receiptAttached',
      'deposit.receiptAttached',
    ]);
  });

  it('replacing a receipt removes the old file from disk after commit', async () => {
    const depositId = await newDeposit();
    expect((await attach(depositId, consultant.token, 'first.pdf')).statusCode).toBe(200);
    const first = (await rowOf(depositId))!;
    expect(fs.existsSync(keptPath(first.storedName))).toBe(true);
    expect((await attach(depositId, consultant.token, 'second.png', pngFile())).statusCode).toBe(200);
    const second = (await rowOf(depositId))!;
    expect(second.storedName).not.toBe(first.storedName);
    expect(fs.existsSync(keptPath(first.storedName))).toBe(false);
    expect(fs.existsSync(keptPath(second.storedName))).toBe(true);
    expect(
      await t.db.select().from(depositReceipts).where(eq(depositReceipts.depositId, depositId)),
    ).toHaveLength(1);
  });

  it('refuses a teacher and a student (403), another consultant (404), and writes nothing', async () => {
    const depositId = await newDeposit();
    const before = await snapshot();
    for (const who of [teacher, student]) expectRefused(await attach(depositId, who.token), 'ACCESS_DENIED');
    expectRefused(await attach(depositId, otherConsultant.token), 'FETCH_DATA_FAILED');
    expectRefused(await attach('00000000-0000-4000-8000-000000000000', admin.token), 'FETCH_DATA_FAILED');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a renamed .exe, an unaccepted kind, an empty, a too large or a missing file, leaving nothing behind', async () => {
    const depositId = await newDeposit();
    const before = await snapshot();
    const exe = await attach(depositId, consultant.token, 'receipt.pdf', fileBytes.exe());
    expectRefused(exe, 'FAILED_VALIDATION');
    expect(exe.json().details[0]).toMatchObject({ field: 'file' });
    expectRefused(
      await attach(depositId, consultant.token, 'receipt.zip', fileBytes.zip()),
      'FAILED_VALIDATION',
    );
    expectRefused(
      await attach(depositId, consultant.token, 'receipt.pdf', Buffer.alloc(0)),
      'FAILED_VALIDATION',
    );
    const huge = await attach(
      depositId,
      consultant.token,
      'big.pdf',
      Buffer.concat([pdfFile(), Buffer.alloc(DEPOSIT_RECEIPT_MAX_BYTES)]),
    );
    expectRefused(huge, 'FAILED_VALIDATION');
    expect(huge.body).toMatch(/10 MB/);
    expectRefused(await upload(depositId, consultant.token, []), 'FAILED_VALIDATION');
    const two = await upload(depositId, consultant.token, [
      { filename: 'a.pdf', content: pdfFile() },
      { filename: 'b.pdf', content: pdfFile() },
    ]);
    expectRefused(two, 'FAILED_VALIDATION');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a confirmed deposit with the edit’s “confirmed” refusal; its receipt stays', async () => {
    const depositId = await newDeposit();
    expect((await attach(depositId, consultant.token)).statusCode).toBe(200);
    const confirmed = await t.call(
      contract.deposits.confirm,
      { body: { depositId } },
      { token: finance.token },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const before = await snapshot();
    expectRefused(await attach(depositId, finance.token, 'other.pdf'), 'UPDATE_FAILED', 'depositIsConfirmed');
    expectRefused(await remove(depositId, finance.token), 'UPDATE_FAILED', 'depositIsConfirmed');
    expect(await snapshot()).toEqual(before);
  });
});

describe('deposit/deleteReceipt', () => {
  it('removes the row and the file, and writes the trail; a second delete is not found', async () => {
    const depositId = await newDeposit();
    expect((await attach(depositId, consultant.token)).statusCode).toBe(200);
    const row = (await rowOf(depositId))!;
    for (const who of [teacher, student]) expectRefused(await remove(depositId, who.token), 'ACCESS_DENIED');
    expectRefused(await remove(depositId, otherConsultant.token), 'FETCH_DATA_FAILED');
    const res = await remove(depositId, consultant.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Receipt removed.');
    expect(await rowOf(depositId)).toBeUndefined();
    expect(fs.existsSync(keptPath(row.storedName))).toBe(false);
    expect(await listed(depositId, consultant.token)).toMatchObject({ receipt: null });
    expectRefused(await remove(depositId, consultant.token), 'FETCH_DATA_FAILED');
    expect((await trail(depositId)).slice(-2)).toEqual(['deposit.receiptAttached', 'deposit.receiptRemoved']);
  });

  it('deleting the deposit takes its receipt row and file along', async () => {
    const depositId = await newDeposit();
    expect((await attach(depositId, consultant.token)).statusCode).toBe(200);
    const row = (await rowOf(depositId))!;
    const res = await t.call(contract.deposits.delete, { body: { depositId } }, { token: consultant.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(depositId)).toBeUndefined();
    expect(fs.existsSync(keptPath(row.storedName))).toBe(false);
  });
});

describe('download links (createReceiptLink, downloadReceipt)', () => {
  it('gives the consultant, finance and the student a one-use link; others get not found', async () => {
    const depositId = await newDeposit();
    const content = pdfFile('Paid in full');
    expect((await attach(depositId, consultant.token, '收据 42.pdf', content)).statusCode).toBe(200);
    const { receiptId } = (await rowOf(depositId))!;
    const res = await link(depositId, student.token);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(new RegExp(`^/api/v1/deposit/downloadReceipt/${receiptId}\\?ticket=[\\w-]{43}$`));
    const got = await download(url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(content)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toContain(encodeURIComponent('收据 42.pdf'));
    const again = await download(url);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(
      'This download link has expired or was already used: click the receipt once more.',
    );
    for (const token of [consultant.token, finance.token, admin.token])
      expect((await link(depositId, token)).statusCode).toBe(200);
    for (const token of [otherConsultant.token, teacher.token])
      expectRefused(await link(depositId, token), 'FETCH_DATA_FAILED');
    // A replaced receipt's links stop working.
    const { url: stale } = (await link(depositId, consultant.token)).json();
    expect((await attach(depositId, consultant.token, 'new.pdf')).statusCode).toBe(200);
    expect((await download(stale)).statusCode).toBe(403);
  });

  it('a deposit without a receipt has no link', async () => {
    const depositId = await newDeposit();
    expectRefused(await link(depositId, consultant.token), 'FETCH_DATA_FAILED');
  });
});
