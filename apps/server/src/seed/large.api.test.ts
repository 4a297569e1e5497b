import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classroomTypes, contract, contractTypes, paymentMethods, sessionDisplayStates } from '@tutoria/shared';
import { sessionFor } from '../../test/factories.ts';
import { expectLedgerBalanced } from '../../test/finance-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { selectRows } from '../db/sql.ts';
import { hashPassword } from '../lib/password.ts';
import { DEMO_PASSWORD } from './demo-users.ts';
import { largeKey, largeSize, largeSizes, seedLarge } from './large.ts';

// The benchmark centre at 1% (3 teachers, 30 classrooms, 3,000 sessions): the same SQL as the full
// size, so the promises checked here hold for `npm run seed:large` too.
const size = largeSize(0.01);
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.transaction(async (tx) => seedLarge(tx, size, await hashPassword(DEMO_PASSWORD)));
  const [row] = await selectRows<{ publicKey: string }>(
    t.db,
    sql`select public_key from users where user_name = 'admin'`,
  );
  admin = await sessionFor(t.db, row!);
}, 240_000);
afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql>) => (await selectRows<{ n: number }>(t.db, query))[0]!.n;

describe('the large centre (SEED_SCALE 0.01)', () => {
  it('has the sizes asked for', async () => {
    const rows = Object.fromEntries((await largeSizes(t.db)).map((s) => [s.table, s.rows]));
    const staff = Object.values(size.staff).reduce((a, b) => a + b, 0);
    expect(rows).toMatchObject({
      users: size.students + size.teachers + staff,
      student_profiles: size.students,
      lessons: size.lessons,
      specifications: size.courses,
      teacher_timetables: size.teachers,
      classrooms: size.classrooms,
      classroom_sessions: size.classrooms * size.sessionsPerClassroom,
    });
    expect(await count(sql`select count(distinct role)::int as n from users`)).toBe(8);
    expect(
      await count(sql`select count(*)::int as n from (select classroom_id from classroom_students group by classroom_id
        having count(*) between 1 and 4) c`),
    ).toBe(size.classrooms);
  });

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

  it('books every session inside an available time of its teacher, in the two years around now', async () => {
    expect(
      await count(sql`select count(*)::int n from classroom_sessions s left join available_times a on a.available_time_id = s.available_time_id
        where a.available_time_id is null or a.teacher_key <> s.teacher_key or s.start_at < a.start_at or s.end_at > a.end_at`),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int n from classroom_sessions where start_at < now() - interval '1 year' - interval '7 days'`,
      ),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int n from classroom_sessions where start_at > now()`),
    ).toBeGreaterThan(0);
  });

  it('records the teaching day and presence of held sessions only', async () => {
    expect(
      await count(
        sql`select count(*)::int n from classroom_sessions s where s.teaching_date is not null and s.start_at > now()`,
      ),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int n from classroom_sessions s join classroom_students st on st.classroom_id = s.classroom_id
        left join session_presences p on p.session_id = s.session_id and p.student_key = st.student_key
        where s.teaching_date is not null and p.session_id is null`),
    ).toBe(0);
  });

  it('shows classes of every type and sessions in every display state through the API', async () => {
    const list = await t.call(
      contract.classes.list,
      { body: { page: { index: 1, size: -1 } } },
      { token: admin },
    );
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as { classroomId: string; classroomType: string; state: string }[];
    expect(new Set(rows.map((r) => r.classroomType))).toEqual(new Set(classroomTypes));
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['Active', 'Deleted', 'WaitingForAddCourse']));
    const states = new Set<string>();
    for (const row of rows.slice(0, 12)) {
      const details = (
        await t.call(contract.classes.get, { query: { classroomId: row.classroomId } }, { token: admin })
      ).json();
      expect(details.times).toHaveLength(size.sessionsPerClassroom);
      for (const s of details.times as { displayState: string }[]) states.add(s.displayState);
    }
    expect(states).toEqual(new Set(sessionDisplayStates));
  });

  it('has academic records, finance, notifications and surveys', async () => {
    const rows = Object.fromEntries((await largeSizes(t.db)).map((s) => [s.table, s.rows]));
    for (const table of [
      'homeworks',
      'exams',
      'lesson_progress',
      'session_academic_flags',
      'parent_report_links',
      'student_prices',
      'teacher_fees',
      'classroom_salaries',
      'transfers',
      'settlements',
      'settlement_sessions',
      'student_side_costs',
      'notifications',
      'survey_responses',
      'survey_answers',
    ])
      expect(rows[table], table).toBeGreaterThan(0);
    // contracts (issue 28): 1–3 payments (deposits of type Contract) per contract, besides the class deposits.
    expect(rows.contracts).toBe(size.finance.contracts);
    expect(rows.contract_additions).toBeGreaterThan(0);
    const payments = await count(sql`select count(*)::int n from deposits where contract_id is not null`);
    expect(payments).toBeGreaterThanOrEqual(size.finance.contracts);
    expect(rows.deposits).toBe(size.finance.deposits + payments);
    expect(await count(sql`select count(*)::int n from deposits where deposit_type = 'Contract' and contract_id is null`)).toBe(0);
    expect(
      await count(sql`select count(*)::int n from (select distinct state from homeworks union all select distinct exam_state from exams
        union all select distinct teach_state from lesson_progress union all select distinct review_state from lesson_progress) s`),
    ).toBe(8);
    const kinds = await selectRows<{ method: string; confirmed: boolean; reversed: boolean }>(
      t.db,
      sql`select distinct payment_method as method, confirmed_at is not null as confirmed, reversed_at is not null as reversed from deposits`,
    );
    expect(new Set(kinds.map((k) => k.method))).toEqual(new Set(paymentMethods));
    expect(new Set(kinds.map((k) => `${k.confirmed}/${k.reversed}`))).toEqual(
      new Set(['true/false', 'false/false', 'true/true']),
    );
    expect(
      await count(sql`select count(*)::int n from notifications where user_key = ${largeKey('admin', 1)}`),
    ).toBe(size.adminNotifications);
    expect(await count(sql`select count(distinct is_read)::int n from notifications`)).toBe(2);
  });

  it('posts a balanced ledger: every transaction and the whole ledger sum to zero, a confirmed deposit or transfer once', async () => {
    expect(
      await count(
        sql`select count(*)::int n from (select 1 from ledger_entries group by transaction_id having sum(amount) <> 0) u`,
      ),
    ).toBe(0);
    expect(await count(sql`select (sum(amount) = 0)::int n from ledger_entries`)).toBe(1);
    expect(
      await count(sql`select count(*)::int n from deposits d where d.confirmed_at is not null
        and (select count(*) from ledger_transactions t where t.deposit_id = d.deposit_id and t.kind = 'deposit.confirmed') <> 1`),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int n from ledger_transactions t where not exists (select 1 from ledger_entries e where e.transaction_id = t.transaction_id)`,
      ),
    ).toBe(0);
    // cash = confirmed deposits less reversed ones, less the settlements paid and not reversed (issue 28).
    expect(
      await count(sql`select ((select sum(amount) from ledger_entries where account = 'cash')
        = (select sum(amount) from deposits where confirmed_at is not null and reversed_at is null)
          - (select coalesce(sum(amount), 0) from settlements where confirmed_at is not null and reversed_at is null))::int n`),
    ).toBe(1);
    // Teachers are paid month by month; one settlement in fifty was reversed since (issue 28).
    expect(await count(sql`select count(*)::int n from settlements`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int n from settlement_sessions where released_at is null`)).toBeGreaterThan(0);
    // The set-based seed goes through the ledger's trigger too: the stored credit sums reconcile.
    await expectLedgerBalanced(t.db);
  });

  it('is what the product would have posted: fix reservation for all changes nothing', async () => {
    const fixed = await t.call(contract.deposits.fixConfirmationForAll, {}, { token: admin });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().classrooms).toEqual([]);
    expect(
      await count(
        sql`select count(distinct financial_confirmation)::int n from classroom_sessions where state <> 'canceled'`,
      ),
    ).toBe(2);
  });

  it('reads the new areas through the product', async () => {
    const student = largeKey('student', 1);
    const [pair] = await selectRows<{ classroomId: string }>(
      t.db,
      sql`select classroom_id from exams where student_key = ${student} limit 1`,
    );
    const ok = async (response: Promise<{ statusCode: number; json: () => unknown }>) => {
      const r = await response;
      expect(r.statusCode).toBe(200);
      return r.json() as Record<string, unknown>;
    };
    const page = { page: { index: 1, size: 20 } };
    const deposits = await ok(
      t.call(
        contract.deposits.list,
        { body: { ...page, where: [[{ column: 'isConfirmed', comparison: 'Equal', operand: false }]] } },
        { token: admin },
      ),
    );
    expect((deposits.data as unknown[]).length).toBe(20);
    expect(
      ((await ok(t.call(contract.debtors.list, { body: page }, { token: admin }))).data as unknown[]).length,
    ).toBeGreaterThan(0);
    // contracts (issue 28): every type, paid from the ledger
    const contracts = (await ok(t.call(contract.contracts.list, { body: { page: { index: 1, size: -1 } } }, { token: admin })))
      .data as { contractType: string; paid: number; total: number; balance: number }[];
    expect(new Set(contracts.map((x) => x.contractType))).toEqual(new Set(contractTypes));
    expect(contracts.some((x) => x.paid > 0 && x.balance < x.total)).toBe(true);
    expect(
      (
        (await ok(t.call(contract.transfers.list, { query: { index: 1, size: 20 } }, { token: admin })))
          .data as unknown[]
      ).length,
    ).toBeGreaterThan(0);
    expect(
      (
        (
          await ok(
            t.call(
              contract.deposits.studentBalance,
              { query: { studentPublicKey: student } },
              { token: admin },
            ),
          )
        ).balances as unknown[]
      ).length,
    ).toBeGreaterThan(0);
    const records = await ok(
      t.call(
        contract.academic.studentClassRecords,
        { query: { classroomId: pair!.classroomId, studentPublicKey: student } },
        { token: admin },
      ),
    );
    expect((records.exams as unknown[]).length).toBeGreaterThan(0);
    await ok(
      t.call(contract.reports.studentExamsScore, { query: { studentPublicKey: student } }, { token: admin }),
    );
    const own = await ok(t.call(contract.notifications.ownList, { body: page }, { token: admin }));
    expect(own.totalCount ?? own.count ?? (own.data as unknown[]).length).toBeTruthy();
  });
});
