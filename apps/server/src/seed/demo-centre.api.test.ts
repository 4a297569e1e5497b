import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { expectLedgerBalanced } from '../../test/finance-factories.ts';
import { sessionFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../db/schema/index.ts';
import { seedDemoIfEmpty } from './demo.ts';

/** The grown demo centre (issue 29): its size, a timetable nobody is double-booked in, a balanced ledger, real figures for every login. */
let t: TestApp;
const tokens = new Map<string, string>();
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db);
  const rows = await t.db.select({ publicKey: users.publicKey, userName: users.userName }).from(users);
  for (const login of [
    'admin',
    'finance',
    'scheduler',
    'leader',
    'consultant',
    'teacher',
    'assistant',
    'student',
  ]) {
    tokens.set(
      login,
      await sessionFor(
        t.db,
        rows.find((r) => r.userName === login)!,
      ),
    );
  }
}, 60_000);
afterAll(() => t.close());

async function count(query: SQL): Promise<number> {
  const result = (await t.db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

describe('the demo centre', () => {
  it('has about 40 students, 8 teachers and 28 classes of every type', async () => {
    expect(await count(sql`select count(*)::int n from users where role = 'Student'`)).toBe(40);
    expect(
      await count(sql`select count(*)::int n from users where role = 'Teacher' and status = 'active'`),
    ).toBe(8);
    expect(await count(sql`select count(*)::int n from classrooms`)).toBe(28);
    expect(await count(sql`select count(distinct classroom_type)::int n from classrooms`)).toBe(5);
    expect(
      await count(sql`select count(distinct lesson_type)::int n from classrooms`),
    ).toBeGreaterThanOrEqual(15);
    expect(
      await count(sql`select count(*)::int n from classrooms where lesson_type like '%_Online'`),
    ).toBeGreaterThan(5);
    // Twelve past weeks held, the coming four booked.
    expect(
      await count(
        sql`select count(distinct date_trunc('week', start_at))::int n from classroom_sessions where state = 'haveclass'`,
      ),
    ).toBeGreaterThanOrEqual(12);
    expect(
      await count(sql`select count(distinct date_trunc('week', start_at))::int n from classroom_sessions
        where start_at > now() and state = 'waitingforclass'`),
    ).toBeGreaterThanOrEqual(4);
  });

  it('never meets on a Sunday and double-books nobody', async () => {
    expect(
      await count(
        sql`select count(*)::int n from classroom_sessions where extract(isodow from start_at) = 7`,
      ),
    ).toBe(0);
    const overlapping = (who: SQL) => sql`select count(*)::int n from (${who}) a join (${who}) b
      on a.who = b.who and a.session_id < b.session_id and a.start_at < b.end_at and b.start_at < a.end_at`;
    const live = sql`from classroom_sessions s join classroom_students st on st.classroom_id = s.classroom_id where s.state <> 'canceled'`;
    expect(
      await count(
        overlapping(
          sql`select distinct s.teacher_key::text as who, s.session_id, s.start_at, s.end_at ${live}`,
        ),
      ),
    ).toBe(0);
    expect(
      await count(
        overlapping(
          sql`select distinct s.classroom_number as who, s.session_id, s.start_at, s.end_at ${live} and s.classroom_number is not null`,
        ),
      ),
    ).toBe(0);
    expect(
      await count(
        overlapping(sql`select st.student_key::text as who, s.session_id, s.start_at, s.end_at ${live}`),
      ),
    ).toBe(0);
    // Every session lies in an available time of its teacher.
    expect(
      await count(sql`select count(*)::int n from classroom_sessions s where not exists (select 1 from available_times a
        where a.teacher_key = s.teacher_key and a.start_at <= s.start_at and a.end_at >= s.end_at)`),
    ).toBe(0);
  });

  it('keeps the ledger and its sums balanced, with debtors, waiting deposits and settlements', async () => {
    await expectLedgerBalanced(t.db);
    expect(await count(sql`select count(*)::int n from deposits where confirmed_at is null`)).toBeGreaterThan(
      4,
    );
    expect(
      await count(sql`select count(*)::int n from settlements where confirmed_at is not null`),
    ).toBeGreaterThan(4);
    expect(
      await count(
        sql`select count(*)::int n from classroom_sessions where not financial_confirmation and state <> 'canceled'`,
      ),
    ).toBeGreaterThan(0);
    const fixed = await t.call(contract.deposits.fixConfirmationForAll, {}, { token: tokens.get('admin')! });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().classrooms).toEqual([]);
  });

  it('gives every staff login a dashboard and tasks with real figures', async () => {
    for (const login of ['admin', 'finance', 'scheduler', 'leader', 'consultant', 'teacher', 'assistant']) {
      const dashboard = await t.call(contract.dashboard.get, {}, { token: tokens.get(login)! });
      expect(dashboard.statusCode, `${login}: ${dashboard.body}`).toBe(200);
      const tasks = await t.call(contract.reports.staffTasks, {}, { token: tokens.get(login)! });
      expect(tasks.statusCode, `${login}: ${tasks.body}`).toBe(200);
      if (process.env.DEMO_FIGURES) console.log(login, dashboard.body, tasks.body);
    }
  });
});
