import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type TeacherOfReportQuery } from '@tutoria/shared';
import {
  buildClassroom,
  centre,
  type Centre,
  expectRefused,
  recordSession,
  text,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The presence report's period (issue 29): `from`/`to` are calendar days in the centre's time zone
 * (Asia/Shanghai, UTC+8), both included; left out, every session counts as before.
 * Tina's class (Sara, Sue): 1 Mar 01:00 local (28 Feb UTC) both present; 10 Mar Sara present, Sue
 * absent; 1 Apr 00:30 local (31 Mar UTC) Sara absent.
 * March: Sara 2/0 (100 %), Sue 1/1 (50 %). Every session: Sara 2/1 (66 %), Sue 1/1 (50 %).
 */
let t: TestApp;
let c: Centre;
const r = contract.reports.studentPresentationReport;
const at = (iso: string) => Date.parse(iso) / 1000;
const span = (iso: string) => ({ start: at(iso), end: at(iso) + 3600 });

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Asia/Shanghai' });
  c = await centre(t);
  const tina = await buildClassroom(t, {
    teacher: c.teacher,
    students: [c.student, c.student3],
    times: [span('2025-02-28T17:00:00Z'), span('2025-03-10T02:00:00Z'), span('2025-03-31T16:30:00Z')],
  });
  const [first, second, third] = tina.sessionIds as [string, string, string];
  const present = (isPresent: boolean, student = c.student) => ({ student, isPresent });
  await recordSession(t.db, first, {
    presences: [present(true), present(true, c.student3)],
    confirmation: 'confirmedByTeacher',
  });
  await recordSession(t.db, second, {
    presences: [present(true), present(false, c.student3)],
    confirmation: 'confirmedByTeacher',
  });
  await recordSession(t.db, third, { presences: [present(false)], confirmation: 'confirmedByTeacher' });
});

afterAll(async () => {
  await t?.close();
});

const call = (query: TeacherOfReportQuery, token = c.admin.token) => t.call(r, { query }, { token });
/** Each student as "name present/absent percent". */
const lines = (body: {
  students: { studentName: string; present: number; absent: number; percent: number | null }[];
}) => body.students.map((s) => `${s.studentName} ${s.present}/${s.absent} ${s.percent}`);

describe('presence per teacher’s students over a period', () => {
  it('counts the sessions starting on the period’s local days, every session without one', async () => {
    const teacherPublicKey = c.teacher.publicKey;
    expect(lines((await call({ teacherPublicKey })).json())).toEqual([
      'Student Sara 2/1 66',
      'Student Sue 1/1 50',
    ]);
    expect(lines((await call({ teacherPublicKey, from: '2025-03-01', to: '2025-03-31' })).json())).toEqual([
      'Student Sara 2/0 100',
      'Student Sue 1/1 50',
    ]);
    expect(lines((await call({ teacherPublicKey, from: '2025-03-02' })).json())).toEqual([
      'Student Sara 1/1 50',
      'Student Sue 0/1 0',
    ]);
    expect((await call({ teacherPublicKey, to: '2025-02-28' })).json()).toEqual({ students: [] });
    // the teacher's own, the consultant's students only
    expect(lines((await call({ from: '2025-03-01', to: '2025-03-31' }, c.teacher.token)).json())).toEqual([
      'Student Sara 2/0 100',
      'Student Sue 1/1 50',
    ]);
    expect(lines((await call({ teacherPublicKey, from: '2025-03-01' }, c.consultant.token)).json())).toEqual([
      'Student Sara 2/1 66',
    ]);
  });

  it('refuses a period ending before it starts and days that are no dates', async () => {
    const order = await call({ from: '2025-03-31', to: '2025-03-01' });
    expectRefused(order, 'FAILED_VALIDATION');
    expect(order.body).toContain(text('endAfterStart'));
    const day = await call({ from: '2025-02-30' });
    expectRefused(day, 'FAILED_VALIDATION');
    expect(day.body).toContain(text('invalidValue', { attribute: 'From' }));
  });
});
