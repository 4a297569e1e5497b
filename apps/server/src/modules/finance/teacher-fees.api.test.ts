import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { feesState, refusedWithoutWriting } from '../../../test/fees-factories.ts';
import { buildClassroom, HOUR, monday, type Person, person } from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Teacher fees (list with search on fullName, upsert, delete) and a class's teacher salary per
 * hour, which starts from the teacher's fee for the class's lesson type (issue 11). Allowed and
 * refused roles, 404 out of reach, bad input with the database unchanged, the state after.
 */
let t: TestApp;
let admin: Person;
let finance: Person;
let consultant: Person;
let teacher: Person;
let otherTeacher: Person;
let student: Person;
let classroomId: string;
const fees = contract.teacherFees;
const salary = contract.teacherSalary;
const start = monday(1) + 9 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'Admin');
  finance = await person(t, 'FinancialAdmin');
  consultant = await person(t, 'AcademicConsultant');
  teacher = await person(t, 'Teacher', { fullName: 'Zhang Wei Fees' });
  otherTeacher = await person(t, 'Teacher', { fullName: 'Li Na Fees' });
  student = await person(t, 'Student', { consultantKey: consultant.publicKey });
  const built = await buildClassroom(t, { teacher, students: [student], times: [{ start, end: start + HOUR }] });
  classroomId = built.classroomId;
});
afterAll(() => t.close());

const feeBody = (who: Person, extra: Record<string, unknown> = {}) => ({
  teacherPublicKey: who.publicKey,
  fee: 150.5,
  teacherType: 'FullTime' as const,
  lessonType: 'A_LEVEL_Offline' as const,
  ...extra,
});

async function count(table: string, where = 'true'): Promise<number> {
  const result = (await t.db.execute(sql.raw(`select count(*)::int as n from "${table}" where ${where}`))) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

describe('teacher fees', () => {
  let feeId: string;

  it('a financial admin adds a fee: saved, audited, an event recorded', async () => {
    const res = await t.call(fees.upsert, { body: feeBody(teacher) }, { token: finance.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isSuccess: true, message: 'Teacher fee saved.' });
    expect(res.json().teacherFee).toMatchObject({ fullName: teacher.fullName, fee: 150.5, teacherType: 'FullTime', lessonType: 'A_LEVEL_Offline' });
    feeId = res.json().teacherFee.teacherFeeId;
    expect(await count('teacher_fees', `teacher_fee_id = '${feeId}' and fee = 150.50`)).toBe(1);
    expect(await count('audit_log', `entity = 'teacherFee' and entity_id = '${feeId}' and action = 'teacherFee.create'`)).toBe(1);
    expect(await count('outbox_events', `name = 'teacherFee.changed' and payload->>'teacherFeeId' = '${feeId}'`)).toBe(1);
  });

  it('refuses a second fee for the same teacher and lesson type, clearly, in both languages', async () => {
    const res = await refusedWithoutWriting(
      t,
      () => t.call(fees.upsert, { body: feeBody(teacher, { fee: 99 }) }, { token: finance.token }),
      'FAILED_VALIDATION',
    );
    expect(res.json().details[0]).toMatchObject({ field: 'lessonType', message: 'This teacher already has a fee for this lesson type.' });
    const zh = await t.call(fees.upsert, { body: feeBody(teacher, { fee: 99 }) }, { token: finance.token, language: 'zh' });
    expect(zh.json().details[0].message).toBe('该教师已有此课程类型的课时费。');
  });

  it('edits a fee by its id (the same pair is not a duplicate of itself) and audits before and after', async () => {
    const res = await t.call(fees.upsert, { body: feeBody(teacher, { teacherFeeId: feeId, fee: 160, teacherType: 'PartTime' }) }, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().teacherFee).toMatchObject({ teacherFeeId: feeId, fee: 160, teacherType: 'PartTime' });
    expect(await count('teacher_fees', `teacher_fee_id = '${feeId}' and fee = 160 and teacher_type = 'PartTime'`)).toBe(1);
    expect(await count('audit_log', `entity_id = '${feeId}' and action = 'teacherFee.edit' and before->>'fee' = '150.50'`)).toBe(1);
  });

  it.each([
    ['a negative fee', { fee: -1 }, 'fee'],
    ['three decimals', { fee: 10.005 }, 'fee'],
    ['an unknown teacher type', { teacherType: 'Contractor' }, 'teacherType'],
    ['an unknown lesson type', { lessonType: 'Cooking' }, 'lessonType'],
  ])('refuses %s without writing', async (_name, extra, field) => {
    const res = await refusedWithoutWriting(
      t,
      () => t.call(fees.upsert, { body: feeBody(otherTeacher, extra) }, { token: finance.token }),
      'FAILED_VALIDATION',
    );
    expect(res.json().details[0].field).toBe(field);
  });

  it('refuses a fee for someone who is not a teacher', async () => {
    const res = await refusedWithoutWriting(
      t,
      () => t.call(fees.upsert, { body: feeBody(student) }, { token: finance.token }),
      'FAILED_VALIDATION',
    );
    expect(res.json().details[0]).toMatchObject({ field: 'teacherPublicKey', message: 'Teacher must be a teacher.' });
  });

  it('answers 404 for an unknown fee id (edit and delete)', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    await refusedWithoutWriting(t, () => t.call(fees.upsert, { body: feeBody(teacher, { teacherFeeId: unknown }) }, { token: finance.token }), 'FETCH_DATA_FAILED');
    await refusedWithoutWriting(t, () => t.call(fees.delete, { body: { teacherFeeId: unknown } }, { token: finance.token }), 'FETCH_DATA_FAILED');
  });

  it('refuses every role without teacherFees.manage (list, upsert, delete)', async () => {
    for (const who of [consultant, teacher, student]) {
      await refusedWithoutWriting(t, () => t.call(fees.upsert, { body: feeBody(otherTeacher) }, { token: who.token }), 'ACCESS_DENIED');
      await refusedWithoutWriting(t, () => t.call(fees.delete, { body: { teacherFeeId: feeId } }, { token: who.token }), 'ACCESS_DENIED');
      await refusedWithoutWriting(t, () => t.call(fees.list, { body: { page: { index: 1, size: 10 } } }, { token: who.token }), 'ACCESS_DENIED');
    }
  });

  it('lists fees server-paged with a search on fullName', async () => {
    const other = await t.call(fees.upsert, { body: feeBody(otherTeacher, { lessonType: 'IELTS_Online', fee: 80 }) }, { token: finance.token });
    expect(other.statusCode, other.body).toBe(200);
    const search = { page: { index: 1, size: 10 }, where: [[{ column: 'fullName', comparison: 'Contains' as const, operand: 'zhang wei' }]] };
    const res = await t.call(fees.list, { body: search }, { token: finance.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ totalCount: 1, data: [{ teacherFeeId: feeId, fullName: teacher.fullName, fee: 160 }] });
    const sorted = await t.call(fees.list, { body: { page: { index: 1, size: 1 }, order: [{ column: 'fee', descending: false }] } }, { token: admin.token });
    expect(sorted.json()).toMatchObject({ totalCount: 2, data: [{ fullName: otherTeacher.fullName, fee: 80 }] });
    await refusedWithoutWriting(
      t,
      () => t.call(fees.list, { body: { page: { index: 1, size: 10 }, where: [[{ column: 'password', comparison: 'Equal', operand: 'x' }]] } }, { token: finance.token }),
      'INVALID_QUERY',
    );
  });

  it('deletes a fee and audits it', async () => {
    const created = await t.call(fees.upsert, { body: feeBody(otherTeacher, { lessonType: 'SAT_Online' }) }, { token: finance.token });
    const id = created.json().teacherFee.teacherFeeId as string;
    const res = await t.call(fees.delete, { body: { teacherFeeId: id } }, { token: finance.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Teacher fee deleted.');
    expect(await count('teacher_fees', `teacher_fee_id = '${id}'`)).toBe(0);
    expect(await count('audit_log', `entity_id = '${id}' and action = 'teacherFee.delete'`)).toBe(1);
  });

  it('edits by the PUT spelling of upsert too', async () => {
    const list = await t.call(fees.list, { body: { page: { index: 1, size: 10 }, where: [[{ column: 'teacherPublicKey', comparison: 'Equal', operand: otherTeacher.publicKey }]] } }, { token: finance.token });
    const id = list.json().data[0].teacherFeeId as string;
    const res = await t.call(fees.upsert, { body: feeBody(otherTeacher, { teacherFeeId: id, lessonType: 'IELTS_Online', fee: 81 }) }, { token: finance.token, method: 'PUT' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await count('teacher_fees', `teacher_fee_id = '${id}' and fee = 81`)).toBe(1);
  });
});

describe("a class's teacher salary", () => {

  it("starts from the teacher's fee for the class's lesson type", async () => {
    const res = await t.call(salary.get, { query: { classroomId } }, { token: finance.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ teacherPublicKey: teacher.publicKey, lessonType: 'A_LEVEL_Offline', teacherSalaryPerHour: 160, feePerHour: 160, fromFee: true });
  });

  it('the financial admin sets it: saved, audited, an event for the teacher', async () => {
    const res = await t.call(salary.edit, { body: { classroomId, teacherSalaryPerHour: 175.25 } }, { token: finance.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Teacher salary saved.', salary: { teacherSalaryPerHour: 175.25, feePerHour: 160, fromFee: false, updatedByName: finance.fullName } });
    expect(await count('classroom_salaries', `classroom_id = '${classroomId}' and teacher_salary_per_hour = 175.25`)).toBe(1);
    expect(await count('audit_log', `entity_id = '${classroomId}' and action = 'prices.teacherSalary'`)).toBe(1);
    expect(await count('outbox_events', `name = 'teacherSalary.changed' and payload->>'classroomId' = '${classroomId}'`)).toBe(1);
  });

  it("the class's own teacher sees their rate; another teacher, a consultant and a student get 404", async () => {
    const own = await t.call(salary.get, { query: { classroomId } }, { token: teacher.token });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().teacherSalaryPerHour).toBe(175.25);
    for (const who of [otherTeacher, consultant, student]) {
      await refusedWithoutWriting(t, () => t.call(salary.get, { query: { classroomId } }, { token: who.token }), 'FETCH_DATA_FAILED');
    }
  });

  it('refuses others setting it, bad amounts and unknown classes without writing', async () => {
    for (const who of [consultant, teacher, student]) {
      await refusedWithoutWriting(t, () => t.call(salary.edit, { body: { classroomId, teacherSalaryPerHour: 1 } }, { token: who.token }), 'ACCESS_DENIED');
    }
    for (const bad of [-5, 1.234]) {
      const res = await refusedWithoutWriting(t, () => t.call(salary.edit, { body: { classroomId, teacherSalaryPerHour: bad } }, { token: finance.token }), 'FAILED_VALIDATION');
      expect(res.json().details[0].field).toBe('teacherSalaryPerHour');
    }
    await refusedWithoutWriting(
      t,
      () => t.call(salary.edit, { body: { classroomId: '00000000-0000-4000-8000-000000000000', teacherSalaryPerHour: 1 } }, { token: finance.token }),
      'FETCH_DATA_FAILED',
    );
  });

  it('answers the same state to a repeated read (nothing written by reads)', async () => {
    const before = await feesState(t.db);
    await t.call(salary.get, { query: { classroomId } }, { token: admin.token });
    expect(await feesState(t.db)).toEqual(before);
  });
});
