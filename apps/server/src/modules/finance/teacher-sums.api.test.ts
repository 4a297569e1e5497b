import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type LessonType } from '@tutoria/shared';
import { expectLedgerBalanced } from '../../../test/finance-factories.ts';
import { type Person, person } from '../../../test/scheduling-factories.ts';
import {
  allocate,
  earningClass,
  holdAndConfirm,
  payAll,
  setSalary,
  setSessionState,
  sumOf,
} from '../../../test/settlement-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * All teachers' sums count each teacher's held sessions and their hours from the sums stored per
 * (teacher, class) (migration 0042; docs/finance.md "Derived figures"): they follow an earning
 * reversed and made again, a held session resized or deleted, and the lesson-type filter — always
 * the figures of joining every earned session to its session, as the report did before.
 */
let t: TestApp;
let finance: Person;
let scheduler: Person;

beforeAll(async () => {
  t = await createTestApp();
  finance = await person(t, 'FinancialAdmin');
  scheduler = await person(t, 'SchedulingAdmin');
});
afterAll(() => t.close());

interface HeldFigures {
  sessionCount: number;
  hours: number;
}

async function allSums(lessonType?: LessonType) {
  const res = await t.call(contract.settlements.allTeachersSum, { query: lessonType ? { lessonType } : {} }, { token: finance.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HeldFigures & { teachers: (HeldFigures & { teacherPublicKey: string })[] };
}

/** Each teacher's held sessions and hours as the report joined them before 0042: every earned session with its session. */
async function joinedHeld(lessonType?: LessonType) {
  const result = (await t.db.execute(sql`select l.teacher_key, count(*)::int as session_count,
      round(sum(s.duration_minutes::numeric / 60), 2)::float8 as hours
    from session_earning_sums l join classroom_sessions s on s.session_id = l.session_id
    where l.earned <> 0 ${lessonType ? sql`and l.classroom_id in (select classroom_id from classrooms where lesson_type = ${lessonType})` : sql``}
    group by l.teacher_key`)) as unknown as { rows: { teacher_key: string; session_count: number; hours: number }[] };
  return new Map(result.rows.map((r) => [r.teacher_key, { sessionCount: r.session_count, hours: r.hours }]));
}

/** Every teacher's row of all teachers' sums (with and without the filter) equals the joined figures. */
async function expectSameAsJoined(lessonType?: LessonType) {
  const joined = await joinedHeld(lessonType);
  const sums = await allSums(lessonType);
  for (const row of sums.teachers) {
    expect({ sessionCount: row.sessionCount, hours: row.hours }).toEqual(joined.get(row.teacherPublicKey) ?? { sessionCount: 0, hours: 0 });
  }
  return sums;
}

const rowOf = (sums: Awaited<ReturnType<typeof allSums>>, teacher: Person) => sums.teachers.find((r) => r.teacherPublicKey === teacher.publicKey);

describe("all teachers' held sessions and hours", () => {
  it('a reversed earning takes its session and hours off; earned again, they are back; a salary change keeps them', async () => {
    const teacher = await person(t, 'Teacher');
    const built = await earningClass(t, finance, { teacher, hours: [1, 1.5, 2], salary: 60 });
    expect(await sumOf(t, finance.token, teacher)).toMatchObject({ sessionCount: 3, hours: 4.5, earned: 270 });
    // The admin takes the second session back: its earning is reversed.
    await setSessionState(t.db, built.sessionIds[1]!, { state: 'waitingforclass', confirmation: 'noConfirmation' });
    await allocate(t, finance.token, built.classroomId);
    expect(await sumOf(t, finance.token, teacher)).toMatchObject({ sessionCount: 2, hours: 3, earned: 180 });
    expect(rowOf(await expectSameAsJoined(), teacher)).toMatchObject({ sessionCount: 2, hours: 3 });
    await expectLedgerBalanced(t.db);
    // Held and confirmed again: earned again.
    await holdAndConfirm(t.db, built.sessionIds[1]!);
    await allocate(t, finance.token, built.classroomId);
    expect(await sumOf(t, finance.token, teacher)).toMatchObject({ sessionCount: 3, hours: 4.5, earned: 270 });
    // A new salary reverses every earning and posts it again: the sessions are counted once each.
    await setSalary(t, finance.token, built.classroomId, 70);
    expect(rowOf(await expectSameAsJoined(), teacher)).toMatchObject({ sessionCount: 3, hours: 4.5, earned: 315 });
    await expectLedgerBalanced(t.db);
  });

  it('the lesson-type filter counts only the sessions of classes of that type', async () => {
    const teacher = await person(t, 'Teacher');
    await earningClass(t, finance, { teacher, hours: [1, 2], salary: 50 });
    const online = await earningClass(t, finance, { teacher, hours: [50 / 60], salary: 50 });
    await t.db.execute(sql`update classrooms set lesson_type = 'IELTS_Online' where classroom_id = ${online.classroomId}`);
    expect(rowOf(await expectSameAsJoined(), teacher)).toMatchObject({ sessionCount: 3, hours: 3.83 });
    expect(rowOf(await expectSameAsJoined('A_LEVEL_Offline'), teacher)).toMatchObject({ sessionCount: 2, hours: 3 });
    expect(rowOf(await expectSameAsJoined('IELTS_Online'), teacher)).toMatchObject({ sessionCount: 1, hours: 0.83 });
    expect(rowOf(await expectSameAsJoined('IELTS_Offline'), teacher)).toBeUndefined();
    await expectLedgerBalanced(t.db);
  });

  it('a held session of a paid settlement, reset and moved, counts its new length; deleted, it counts no more', async () => {
    const teacher = await person(t, 'Teacher');
    const built = await earningClass(t, finance, { teacher, hours: [2, 1], salary: 40 });
    await payAll(t, finance.token, teacher);
    const [first] = built.sessionIds as [string];
    const reset = await t.call(contract.classes.resetSessionInfo, { body: { sessionId: first } }, { token: scheduler.token });
    expect(reset.statusCode, reset.body).toBe(200);
    // What the paid settlement paid stays the session's earning.
    expect(await sumOf(t, finance.token, teacher)).toMatchObject({ sessionCount: 2, hours: 3, earned: 120, unpaid: 0 });
    const [{ start }] = (
      (await t.db.execute(sql`select extract(epoch from start_at)::int as start from classroom_sessions where session_id = ${first}`)) as unknown as {
        rows: [{ start: number }];
      }
    ).rows;
    const move = await t.call(contract.classes.editTimeDetail, { body: { sessionId: first, start, end: start + 3600 } }, { token: scheduler.token });
    expect(move.statusCode, move.body).toBe(200);
    expect(await sumOf(t, finance.token, teacher)).toMatchObject({ sessionCount: 2, hours: 2, earned: 120 });
    await expectLedgerBalanced(t.db);
    await t.db.execute(sql`delete from classroom_sessions where session_id = ${first}`);
    expect(rowOf(await expectSameAsJoined(), teacher)).toMatchObject({ sessionCount: 1, hours: 1 });
    await expectLedgerBalanced(t.db);
  });
});
