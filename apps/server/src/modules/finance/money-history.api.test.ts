import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { createDeposit, depositBody, financeState } from '../../../test/finance-factories.ts';
import { buildClassroom, HOUR, monday, type Person, person, refusesWithoutWriting } from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Money history is kept for good (docs/finance.md): a class holding payments can not be destroyed
 * and a person with money records can not be deleted — both answer a clear refusal and write
 * nothing, where the database's foreign keys would otherwise fail the request.
 */
let t: TestApp;
let admin: Person;
let consultant: Person;
let student: Person;
let classroomId: string;
let className: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'Admin');
  consultant = await person(t, 'AcademicConsultant');
  student = await person(t, 'Student', { consultantKey: consultant.publicKey, fullName: 'Payer Student' });
  const start = monday(1) + 9 * HOUR;
  className = 'Money History Class';
  const built = await buildClassroom(t, { name: className, students: [student], times: [{ start, end: start + HOUR }] });
  classroomId = built.classroomId;
  await createDeposit(t, consultant.token, depositBody(student, classroomId));
});
afterAll(() => t.close());

describe('a class with payments', () => {
  it('is not destroyed: the refusal names whose payments it holds and nothing is written', async () => {
    const money = await financeState(t.db);
    const res = await refusesWithoutWriting(
      t,
      () => t.call(contract.classes.destroy, { body: { classroomId, confirmation: className } }, { token: admin.token }),
      'CONFLICT',
    );
    expect(res.json().message).toContain('Payer Student');
    expect(await financeState(t.db)).toEqual(money);
  });

  it('says so in Chinese too', async () => {
    const res = await t.call(
      contract.classes.destroy,
      { body: { classroomId, confirmation: className } },
      { token: admin.token, language: 'zh' },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('付款记录');
  });
});

describe('a person with payments', () => {
  it('is not deleted: the refusal names the payments', async () => {
    const money = await financeState(t.db);
    const res = await t.call(contract.users.delete, { body: { publicKey: student.publicKey } }, { token: admin.token });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain('payments');
    expect(await financeState(t.db)).toEqual(money);
  });
});
