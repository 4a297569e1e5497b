import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { createDeposit, depositBody } from '../../../test/finance-factories.ts';
import { buildClassroom, HOUR, monday, type Person, person, text } from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * A user's details say what they own that keeps them from being deleted (issue 27), to those who
 * may delete them, so the screens offer Delete only when it will work (Archive otherwise): a
 * consultant's student with a class and payments, a student with nothing yet, staff the caller
 * may not delete (null). The names are the refusal's own, in the caller's language.
 */
let t: TestApp;
let admin: Person;
let consultant: Person;
let payer: Person;
let newcomer: Person;
let teacher: Person;

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'Admin');
  consultant = await person(t, 'AcademicConsultant');
  payer = await person(t, 'Student', { consultantKey: consultant.publicKey });
  newcomer = await person(t, 'Student', { consultantKey: consultant.publicKey });
  const start = monday(1) + 9 * HOUR;
  const built = await buildClassroom(t, { students: [payer], times: [{ start, end: start + HOUR }] });
  teacher = built.teacher;
  await createDeposit(t, consultant.token, depositBody(payer, built.classroomId));
});
afterAll(() => t.close());

const read = async (who: Person, target: Person, language: 'en' | 'zh' = 'en') => {
  const res = await t.call(contract.users.get, { query: { publicKey: target.publicKey } }, { token: who.token, language });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().ownedRecords as string[] | null;
};

describe("a user's owned records", () => {
  it("name a consultant's student's classes and payments, in the caller's language; the delete refusal says the same", async () => {
    expect(await read(consultant, payer)).toEqual([text('recordClassrooms'), text('recordPayments')]);
    expect(await read(admin, payer, 'zh')).toEqual([text('recordClassrooms', {}, 'zh'), text('recordPayments', {}, 'zh')]);
    const refused = await t.call(contract.users.delete, { body: { publicKey: payer.publicKey } }, { token: consultant.token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(text('userHasRecords', { records: `${text('recordClassrooms')}, ${text('recordPayments')}` }));
  });

  it('are none for a student without records, who is then deleted', async () => {
    expect(await read(consultant, newcomer)).toEqual([]);
    const deleted = await t.call(contract.users.delete, { body: { publicKey: newcomer.publicKey } }, { token: consultant.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('are not told to a caller who may not delete the user, nor about the caller themselves', async () => {
    expect(await read(consultant, teacher)).toBeNull();
    expect(await read(consultant, consultant)).toBeNull();
    expect(await read(admin, teacher)).toEqual([text('recordClassrooms')]);
  });
});
