import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_FILE_MAX_BYTES, contract } from '@tutoria/shared';
import { auditLog, contractFiles } from '../../db/schema/index.ts';
import { recordedEvents } from '../../../test/academic-factories.ts';
import { contractBody, createContract, payContract } from '../../../test/contract-factories.ts';
import { tableCounts } from '../../../test/factories.ts';
import { docxFile, jpegFile, pdfFile, pngFile } from '../../../test/files.ts';
import { fileBytes, type MultipartFilePart, multipartBody } from '../../../test/multipart.ts';
import { expectRefused, type Person, person } from '../../../test/scheduling-factories.ts';
import { signedHeaders } from '../../../test/signing.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * A contract's file (SPEC §7 `uploadContractFile?name`, also `file/uploadContractFile`; issue 28):
 * PDF or image checked by content, one per contract, who may attach, replace, remove and download
 * it (one-use links), and what is left on disk and in the database.
 */
const c = contract.contracts;
let t: TestApp;
let dataDir: string;
let admin: Person;
let finance: Person;
let consultant: Person;
let otherConsultant: Person;
let teacher: Person;
let student: Person;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoria-contract-files-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await person(t, 'Admin');
  finance = await person(t, 'FinancialAdmin');
  consultant = await person(t, 'AcademicConsultant');
  otherConsultant = await person(t, 'AcademicConsultant');
  teacher = await person(t, 'Teacher');
  student = await person(t, 'Student', { consultantKey: consultant.publicKey });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const newContract = async () => (await createContract(t, consultant.token, contractBody(student))).contractId;

function upload(contractId: string, token: string, files: MultipartFilePart[], options: { path?: string; name?: string } = {}) {
  const { payload, contentType } = multipartBody(files);
  const query = new URLSearchParams({ contractId, ...(options.name ? { name: options.name } : {}) });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/${options.path ?? c.uploadFile.path}?${query}`,
    headers: { ...signedHeaders(), authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}
const attach = (contractId: string, token: string, filename = 'Contract 7.pdf', content = pdfFile('Contract')) =>
  upload(contractId, token, [{ filename, content }]);
const remove = (contractId: string, token: string) => t.call(c.deleteFile, { body: { contractId } }, { token });
const link = (contractId: string, token: string) => t.call(c.fileLink, { body: { contractId } }, { token });
const download = (url: string) => t.app.inject({ method: 'GET', url });

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
const rowOf = async (contractId: string) => (await t.db.select().from(contractFiles).where(eq(contractFiles.contractId, contractId)))[0];
const keptPath = (storedName: string) => path.join(t.config.filesDir, 'contract-files', storedName);
const trail = async (contractId: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.entityId, contractId)).orderBy(auditLog.at)).map((a) => a.action);
const listed = async (contractId: string, token: string) => {
  const res = await t.call(c.list, { body: { page: { index: 1, size: 5 }, where: [[{ column: 'contractId', comparison: 'Equal', operand: contractId }]] } }, { token });
  return res.json().data[0];
};

describe('uploadContractFile', () => {
  it('the consultant, a financial admin and the admin attach a PDF or an image, each replacing the one before; the spec’s two spellings and its name', async () => {
    const contractId = await newContract();
    for (const [token, filename, content, kind, spelling] of [
      [consultant.token, 'Contract 7.pdf', pdfFile(), 'pdf', undefined],
      [finance.token, 'scan.png', pngFile(), 'png', 'uploadContractFile'],
      [admin.token, 'signed.jpg', jpegFile(), 'jpeg', 'file/uploadContractFile'],
    ] as const) {
      const res = await upload(contractId, token, [{ filename, content }], { path: spelling });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: 'Contract file attached.', file: { name: filename, kind, sizeInBytes: content.length } });
    }
    // `?name=` names it; the kind's extension is added when missing.
    const named = await upload(contractId, consultant.token, [{ filename: 'x.pdf', content: pdfFile('Signed') }], { name: '合同 2026' });
    expect(named.json().file).toMatchObject({ name: '合同 2026.pdf', kind: 'pdf' });
    const row = (await rowOf(contractId))!;
    expect(fs.readFileSync(keptPath(row.storedName)).equals(pdfFile('Signed'))).toBe(true);
    expect(await listed(contractId, consultant.token)).toMatchObject({ file: { name: '合同 2026.pdf', kind: 'pdf' } });
    expect(filesOnDisk().filter((f) => f.startsWith('files/contract-files/'))).toEqual([`files/contract-files/${row.storedName}`]);
    expect(await trail(contractId)).toEqual(['contract.created', ...Array(4).fill('contract.fileAttached')]);
    expect((await recordedEvents(t.db, 'contract.changed')).filter((e) => e.contractId === contractId && e.action === 'fileAttached')).toHaveLength(4);
  });

  it('checks the content, not the name: a renamed .exe, a Word file, an empty, a too large, none or two are refused, nothing left behind', async () => {
    const contractId = await newContract();
    const before = await snapshot();
    const exe = await attach(contractId, consultant.token, 'contract.pdf', fileBytes.exe());
    expectRefused(exe, 'FAILED_VALIDATION');
    expect(exe.json().details[0]).toMatchObject({ field: 'file' });
    expectRefused(await attach(contractId, consultant.token, 'contract.docx', docxFile()), 'FAILED_VALIDATION');
    expectRefused(await attach(contractId, consultant.token, 'contract.pdf', Buffer.alloc(0)), 'FAILED_VALIDATION');
    const huge = await attach(contractId, consultant.token, 'big.pdf', Buffer.concat([pdfFile(), Buffer.alloc(CONTRACT_FILE_MAX_BYTES)]));
    expectRefused(huge, 'FAILED_VALIDATION');
    expect(huge.body).toMatch(/10 MB/);
    expectRefused(await upload(contractId, consultant.token, []), 'FAILED_VALIDATION');
    const two = await upload(contractId, consultant.token, [
      { filename: 'a.pdf', content: pdfFile() },
      { filename: 'b.pdf', content: pdfFile() },
    ]);
    expectRefused(two, 'FAILED_VALIDATION');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a teacher and a student (403), another consultant and a missing contract (404), writing nothing', async () => {
    const contractId = await newContract();
    const before = await snapshot();
    for (const who of [teacher, student]) expectRefused(await attach(contractId, who.token), 'ACCESS_DENIED');
    expectRefused(await attach(contractId, otherConsultant.token), 'FETCH_DATA_FAILED');
    expectRefused(await attach('00000000-0000-4000-8000-000000000000', admin.token), 'FETCH_DATA_FAILED');
    expect(await snapshot()).toEqual(before);
  });
});

describe('deleteContractFile, and a deleted contract', () => {
  it('removes the row and the file, writes the trail; a second delete is not found', async () => {
    const contractId = await newContract();
    expect((await attach(contractId, consultant.token)).statusCode).toBe(200);
    const row = (await rowOf(contractId))!;
    expectRefused(await remove(contractId, otherConsultant.token), 'FETCH_DATA_FAILED');
    const res = await remove(contractId, consultant.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Contract file removed.');
    expect(await rowOf(contractId)).toBeUndefined();
    expect(fs.existsSync(keptPath(row.storedName))).toBe(false);
    expect(await listed(contractId, consultant.token)).toMatchObject({ file: null });
    expectRefused(await remove(contractId, consultant.token), 'FETCH_DATA_FAILED');
    expect((await trail(contractId)).slice(-2)).toEqual(['contract.fileAttached', 'contract.fileRemoved']);
  });

  it('deleting the contract takes its file along; a contract with payments keeps it', async () => {
    const contractId = await newContract();
    expect((await attach(contractId, consultant.token)).statusCode).toBe(200);
    const row = (await rowOf(contractId))!;
    expect((await t.call(c.delete, { body: { contractId } }, { token: consultant.token })).statusCode).toBe(200);
    expect(await rowOf(contractId)).toBeUndefined();
    expect(fs.existsSync(keptPath(row.storedName))).toBe(false);

    const paid = await newContract();
    expect((await attach(paid, consultant.token)).statusCode).toBe(200);
    await payContract(t, consultant.token, student, paid, 100, finance);
    expectRefused(await t.call(c.delete, { body: { contractId: paid } }, { token: admin.token }), 'DELETE_FAILED');
    expect(fs.existsSync(keptPath((await rowOf(paid))!.storedName))).toBe(true);
  });
});

describe('createContractFileLink, downloadContractFile', () => {
  it('gives those who read the contract a one-use link; others get not found; a replaced file’s links stop working', async () => {
    const contractId = await newContract();
    const content = pdfFile('Signed by both');
    expect((await attach(contractId, consultant.token, '合同 7.pdf', content)).statusCode).toBe(200);
    const { fileId } = (await rowOf(contractId))!;
    const res = await link(contractId, consultant.token);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(new RegExp(`^/api/v1/contract/downloadContractFile/${fileId}\\?ticket=[\\w-]{43}$`));
    const got = await download(url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(content)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toContain(encodeURIComponent('合同 7.pdf'));
    const again = await download(url);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('This download link has expired or was already used: click the file once more.');
    for (const token of [finance.token, admin.token]) expect((await link(contractId, token)).statusCode).toBe(200);
    expectRefused(await link(contractId, otherConsultant.token), 'FETCH_DATA_FAILED');
    for (const who of [teacher, student]) expectRefused(await link(contractId, who.token), 'ACCESS_DENIED');
    const { url: stale } = (await link(contractId, consultant.token)).json();
    expect((await attach(contractId, consultant.token, 'new.pdf')).statusCode).toBe(200);
    expect((await download(stale)).statusCode).toBe(403);
  });

  it('a contract without a file has no link', async () => {
    expectRefused(await link(await newContract(), consultant.token), 'FETCH_DATA_FAILED');
  });
});
