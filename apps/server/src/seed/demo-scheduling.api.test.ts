import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classroomTypes, contract, sessionDisplayStates, slotColourKey } from '@tutoria/shared';
import { sessionFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../db/schema/index.ts';
import { seedDemoIfEmpty } from './demo.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db);
  const [row] = await t.db
    .select({ publicKey: users.publicKey })
    .from(users)
    .where(sql`${users.userName} = 'admin'`);
  admin = await sessionFor(t.db, row!);
});
afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await t.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe('the scheduling demo', () => {
  it('never double-books a teacher, a student or a room', async () => {
    const live = sql`a.state <> 'canceled' and b.state <> 'canceled' and a.session_id < b.session_id and a.start_at < b.end_at and b.start_at < a.end_at`;
    expect(
      await count(
        sql`select count(*)::int n from classroom_sessions a join classroom_sessions b on a.teacher_key = b.teacher_key and ${live}`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int n from classroom_sessions a join classroom_sessions b on a.classroom_number = b.classroom_number and ${live}`,
      ),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int n from classroom_sessions a join classroom_sessions b on ${live}
        join classroom_students sa on sa.classroom_id = a.classroom_id join classroom_students sb on sb.classroom_id = b.classroom_id and sb.student_key = sa.student_key`),
    ).toBe(0);
  });

  it('books every session inside an available time of its teacher', async () => {
    expect(
      await count(sql`select count(*)::int n from classroom_sessions s left join available_times a on a.available_time_id = s.available_time_id
        where a.available_time_id is null or a.teacher_key <> s.teacher_key or s.start_at < a.start_at or s.end_at > a.end_at`),
    ).toBe(0);
  });

  it('has classes of every type, and sessions in every display state', async () => {
    const list = await t.call(
      contract.classes.list,
      { body: { page: { index: 1, size: -1 } } },
      { token: admin },
    );
    const rows = list.json().data as {
      classroomId: string;
      classroomType: string;
      state: string;
      archived: boolean;
    }[];
    expect(new Set(rows.map((r) => r.classroomType))).toEqual(new Set(classroomTypes));
    expect(rows.some((r) => r.archived)).toBe(true);
    expect(rows.some((r) => r.state === 'Deleted')).toBe(true);
    expect(rows.some((r) => r.state === 'WaitingForAddCourse')).toBe(true);
    const states = new Set<string>();
    const confirmations = new Set<string>();
    for (const row of rows) {
      const details = (
        await t.call(contract.classes.get, { query: { classroomId: row.classroomId } }, { token: admin })
      ).json();
      for (const s of details.times) {
        states.add(s.displayState);
        confirmations.add(s.confirmation);
      }
    }
    expect(states).toEqual(new Set(sessionDisplayStates));
    expect(confirmations).toEqual(new Set(['noConfirmation', 'confirmedByTeacher', 'confirmedByAdmin']));
  });

  it('shows every stored slot colour on the admin calendar', async () => {
    const now = Math.floor(Date.now() / 1000);
    const res = await t.call(
      contract.timetable.getForAdmin,
      { query: { start: now - 22 * 86400, end: now + 30 * 86400 } },
      { token: admin },
    );
    const keys = new Set(
      (res.json() as { availableTimes: { state: string; hasClassroom: boolean }[] }[]).flatMap((x) =>
        x.availableTimes.map((s) => slotColourKey(s)),
      ),
    );
    expect(keys).toEqual(new Set(['hasClassroom', 'Active', 'Full', 'Cancel', 'other']));
  });
});
