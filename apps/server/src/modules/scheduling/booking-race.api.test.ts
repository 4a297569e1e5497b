import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import {
  addSlots,
  classBody,
  HOUR,
  monday,
  type Person,
  person,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * DESIGN §7: two simultaneous bookings of the same slot, student or room can not both succeed.
 * On PostgreSQL (TEST_DATABASE_URL) the requests really run at once on a pool of connections;
 * on PGlite they queue on its single connection. Either way exactly one wins.
 */
let t: TestApp;
let scheduler: Person;
const base = monday(3);
const slot = { start: base + 9 * HOUR, end: base + 10 * HOUR };

beforeAll(async () => {
  t = await createTestApp();
  scheduler = await person(t, 'SchedulingAdmin');
});
afterAll(() => t.close());

async function race(bodies: ReturnType<typeof classBody>[]) {
  const answers = await Promise.all(
    bodies.map((body) => t.call(contract.classes.create, { body }, { token: scheduler.token })),
  );
  const codes = answers.map((r) => r.statusCode).sort();
  return { codes, answers, refusals: answers.filter((r) => r.statusCode === 409).map((r) => r.json()) };
}

/** Every losing booking answers CONFLICT, naming what it clashed on (a teacher, a student, a room). */
function expectClashesOn(refusals: { code: string; message: string }[], name: string) {
  for (const refusal of refusals) {
    expect(refusal.code).toBe('CONFLICT');
    expect(refusal.message).toContain(name);
  }
}

async function overlappingPairs(column: 'teacher_key' | 'classroom_number' | 'student') {
  const join =
    column === 'student'
      ? sql`join classroom_students sa on sa.classroom_id = a.classroom_id join classroom_students sb on sb.classroom_id = b.classroom_id and sb.student_key = sa.student_key`
      : sql.raw(`and a.${column} = b.${column}`);
  const result = (await t.db.execute(
    sql`select count(*)::int as n from classroom_sessions a join classroom_sessions b on a.session_id < b.session_id
      and a.start_at < b.end_at and b.start_at < a.end_at and a.state <> 'canceled' and b.state <> 'canceled' ${join}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

describe('concurrent bookings', () => {
  it('of the same teacher slot: exactly one wins', async () => {
    const teacher = await person(t, 'Teacher');
    await addSlots(t, teacher.token, [slot]);
    const students = await Promise.all(Array.from({ length: 8 }, () => person(t, 'Student')));
    const { codes, refusals } = await race(
      students.map((s) => classBody({ teacher, students: [s] }, [slot], { classroomType: 'Private' })),
    );
    expect(codes).toEqual([200, ...Array(7).fill(409)]);
    expectClashesOn(refusals, teacher.fullName);
    expect(await overlappingPairs('teacher_key')).toBe(0);
  });

  it('of the same student with different teachers: exactly one wins', async () => {
    const student = await person(t, 'Student');
    const teachers = await Promise.all(Array.from({ length: 6 }, () => person(t, 'Teacher')));
    for (const teacher of teachers) await addSlots(t, teacher.token, [slot]);
    const { codes, refusals } = await race(
      teachers.map((teacher) =>
        classBody({ teacher, students: [student] }, [slot], { classroomType: 'Private' }),
      ),
    );
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    expectClashesOn(refusals, student.fullName);
    expect(await overlappingPairs('student')).toBe(0);
  });

  it('of the same room with different teachers and students: exactly one wins', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 6 }, async () => ({
        teacher: await person(t, 'Teacher'),
        student: await person(t, 'Student'),
      })),
    );
    for (const { teacher } of pairs)
      await addSlots(t, teacher.token, [{ start: slot.start + 4 * HOUR, end: slot.end + 4 * HOUR }]);
    const { codes, refusals } = await race(
      pairs.map(({ teacher, student }) =>
        classBody(
          { teacher, students: [student] },
          [{ start: slot.start + 4 * HOUR, end: slot.end + 4 * HOUR }],
          {
            classroomType: 'Private',
            classroomNumber: 'RACE-1',
          },
        ),
      ),
    );
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    expectClashesOn(refusals, 'RACE-1');
    expect(await overlappingPairs('classroom_number')).toBe(0);
  });

  it('of overlapping available times of one teacher: exactly one is added', async () => {
    const teacher = await person(t, 'Teacher');
    const answers = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        t.call(
          contract.timetable.addAvailableTimes,
          { body: { times: [{ start: base + 20 * HOUR + i * 600, end: base + 21 * HOUR + i * 600 }] } },
          { token: teacher.token },
        ),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });

  it('a booking racing the removal of its slot: never a session without its available time', async () => {
    const teacher = await person(t, 'Teacher');
    const student = await person(t, 'Student');
    const [added] = await addSlots(t, teacher.token, [
      { start: slot.start + 24 * HOUR, end: slot.end + 24 * HOUR },
    ]);
    const [booking, removal] = await Promise.all([
      t.call(
        contract.classes.create,
        {
          body: classBody(
            { teacher, students: [student] },
            [{ start: slot.start + 24 * HOUR, end: slot.end + 24 * HOUR }],
            { classroomType: 'Private' },
          ),
        },
        { token: scheduler.token },
      ),
      t.call(
        contract.timetable.removeAvailableTime,
        { body: { availableTimeId: added!.availableTimeId } },
        { token: teacher.token },
      ),
    ]);
    // Either the booking came first (and the removal is refused) or the removal did (and the booking is refused).
    expect([booking.statusCode, removal.statusCode].sort()).toEqual([200, 409]);
    const orphans = (await t.db.execute(
      sql`select count(*)::int as n from classroom_sessions where available_time_id is null and state <> 'canceled'`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(orphans.rows[0]!.n)).toBe(0);
  });
});
