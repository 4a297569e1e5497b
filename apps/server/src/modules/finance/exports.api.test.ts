import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type ListExportInput } from '@tutoria/shared';
import { createDeposit, depositBody, setPrice } from '../../../test/finance-factories.ts';
import {
  buildClassroom,
  HOUR,
  monday,
  type Person,
  person,
  recordSession,
  WEEK,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { readXlsx } from '../../../test/xlsx.ts';

/**
 * Finance exports (SPEC §7 Exports): exactly the filtered rows of each list, in its scope, with
 * headers in the caller's language and number cells for money and hours; streamed, so a large
 * export is read in batches (20,000 rows here).
 */
let t: TestApp;
let finance: Person;
let consultant: Person;
let teacher: Person;
let mine: Person;
let theirs: Person;
let classroomId: string;
let otherClassroomId: string;
const c = contract.financeExports;
const held = monday(-1) + 9 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  finance = await person(t, 'FinancialAdmin');
  consultant = await person(t, 'AcademicConsultant');
  const otherConsultant = await person(t, 'AcademicConsultant');
  mine = await person(t, 'Student', { fullName: 'Mina Export', consultantKey: consultant.publicKey });
  theirs = await person(t, 'Student', { fullName: 'Theo Export', consultantKey: otherConsultant.publicKey });
  const built = await buildClassroom(t, {
    name: 'Export maths',
    students: [mine, theirs],
    times: [
      { start: held, end: held + 2 * HOUR },
      { start: held + 2 * WEEK, end: held + 2 * WEEK + HOUR },
    ],
  });
  classroomId = built.classroomId;
  teacher = built.teacher;
  const other = await buildClassroom(t, {
    name: 'Export physics',
    students: [mine],
    times: [{ start: held + WEEK, end: held + WEEK + HOUR }],
  });
  otherClassroomId = other.classroomId;
  await recordSession(t.db, built.sessionIds[0]!, { confirmation: 'confirmedByAdmin' });
  await setPrice(t.db, classroomId, mine.publicKey, '100', '10');
  await setPrice(t.db, classroomId, theirs.publicKey, '50');
  await setPrice(t.db, otherClassroomId, mine.publicKey, '40');
  const confirmed = await createDeposit(
    t,
    consultant.token,
    depositBody(mine, classroomId, { amount: 300, chargeAt: 1_790_000_000 }),
  );
  const done = await t.call(
    contract.deposits.confirm,
    { body: { depositId: confirmed } },
    { token: finance.token },
  );
  expect(done.statusCode, done.body).toBe(200);
  await createDeposit(
    t,
    consultant.token,
    depositBody(mine, classroomId, { amount: 150.5, paymentMethod: 'Alipay', chargeAt: 1_790_000_100 }),
  );
  await createDeposit(
    t,
    finance.token,
    depositBody(theirs, classroomId, { amount: 200, paymentMethod: 'Wechat', chargeAt: 1_790_000_200 }),
  );
  const transfer = await t.call(
    contract.transfers.create,
    {
      body: {
        studentPublicKey: mine.publicKey,
        sourceClassroomId: classroomId,
        destinationClassroomId: otherClassroomId,
        amount: 45,
        description: '=risky',
      },
    },
    { token: consultant.token },
  );
  expect(transfer.statusCode, transfer.body).toBe(200);
});
afterAll(() => t.close());

const exportBody = (extra: Partial<ListExportInput> = {}): ListExportInput => ({
  format: 'xlsx',
  where: [],
  order: [],
  ...extra,
});

describe('deposits export', () => {
  it('answers XLSX with Chinese headers, number cells for money and exactly the filtered rows', async () => {
    const res = await t.call(
      c.exportDeposits,
      { body: exportBody({ order: [{ column: 'amount', descending: true }] }) },
      { token: finance.token, language: 'zh' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.headers['x-total-rows']).toBe('3');
    const [header, ...rows] = readXlsx(res.rawPayload);
    expect(header).toEqual([
      '学生',
      '顾问',
      '班级',
      '金额',
      '优惠',
      '付款方式',
      '缴费类型',
      '状态',
      '付款时间',
      '确认时间',
      '录入时间',
    ]);
    expect(rows.map((r) => r.slice(0, 8))).toEqual([
      ['Mina Export', consultant.fullName, 'Export maths', 300, 0, '现金', '班级', '已确认'],
      ['Theo Export', expect.any(String), 'Export maths', 200, 0, '微信支付', '班级', '待确认'],
      ['Mina Export', consultant.fullName, 'Export maths', 150.5, 0, '支付宝', '班级', '待确认'],
    ]);
    expect(rows[1]![9]).toBeNull();
    const filtered = await t.call(
      c.exportDeposits,
      {
        body: exportBody({ where: [[{ column: 'paymentMethod', comparison: 'Equal', operand: 'Alipay' }]] }),
      },
      { token: finance.token },
    );
    expect(
      readXlsx(filtered.rawPayload)
        .slice(1)
        .map((r) => r[3]),
    ).toEqual([150.5]);
  });

  it('answers CSV in UTF-8 with a BOM; a consultant exports only their consultees’', async () => {
    const res = await t.call(
      c.exportDeposits,
      { body: exportBody({ format: 'csv', order: [{ column: 'amount', descending: false }] }) },
      { token: consultant.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Student,Consultant,Class,Amount,Discount,Payment method,Deposit type,State,Charged at,Confirmed at,Recorded at',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 8).join(','))).toEqual([
      `Mina Export,${consultant.fullName},Export maths,150.50,0.00,Alipay,Class,Waiting`,
      `Mina Export,${consultant.fullName},Export maths,300.00,0.00,Cash,Class,Confirmed`,
    ]);
  });

  it('refuses a teacher and a student, and a column the list does not have', async () => {
    for (const who of [teacher, mine]) {
      const res = await t.call(c.exportDeposits, { body: exportBody() }, { token: who.token });
      expect(res.statusCode).toBe(403);
    }
    const bad = await t.call(
      c.exportDeposits,
      { body: exportBody({ order: [{ column: 'password', descending: true }] }) },
      { token: finance.token },
    );
    expect(bad.json().code).toBe('INVALID_QUERY');
  });

  it('streams 20,000 rows in keyset-paged batches: every row once, in the list order', async () => {
    const many = await person(t, 'Student', { fullName: 'Many Deposits' });
    await t.db.execute(
      sql`insert into classroom_students (classroom_id, student_key) values (${classroomId}, ${many.publicKey})`,
    );
    await t.db
      .execute(sql`insert into deposits (student_key, classroom_id, amount, deposit_type, payment_method, charge_at, created_by, create_moment)
      select ${many.publicKey}, ${classroomId}, (g % 500 + 1)::numeric + 0.25, 'Classroom', 'Cash', now(), ${finance.publicKey},
        timestamptz '2020-01-01' + g * interval '1 second'
      from generate_series(1, 20000) g`);
    await t.db.execute(sql`analyze deposits`);
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await t.call(c.exportDeposits, { body: exportBody({ format }) }, { token: finance.token });
      expect(res.headers['x-total-rows']).toBe('20003');
      const rows =
        format === 'csv'
          ? res.rawPayload
              .toString('utf8')
              .trimEnd()
              .split('\r\n')
              .slice(1)
              .map((line) => line.split(','))
          : readXlsx(res.rawPayload)
              .slice(1)
              .map((row) => row.map(String));
      expect(rows).toHaveLength(20003);
      // Newest first (the list's default): the three deposits of today, then g = 20000 … g = 1.
      const bulk = rows.slice(3).map((row) => Number(row[3]));
      expect(bulk[0]).toBe(1.25);
      expect(bulk[1]).toBe(500.25);
      expect(bulk.at(-1)).toBe(2.25);
      expect(bulk.every((amount, i) => amount === ((20000 - i) % 500) + 1.25)).toBe(true);
    }
    await t.db.execute(sql`delete from deposits where student_key = ${many.publicKey}`);
  }, 300_000);
});

describe('transfers export', () => {
  it('exports the filtered transfers with number cells; a formula-like text stays text in CSV', async () => {
    const res = await t.call(
      c.exportTransfers,
      { query: { format: 'xlsx', classroomName: 'physics' } },
      { token: finance.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-rows']).toBe('1');
    const [header, row] = readXlsx(res.rawPayload);
    expect(header!.slice(0, 6)).toEqual([
      'Student',
      'From class',
      'From teacher',
      'To class',
      'To teacher',
      'Amount',
    ]);
    expect(row!.slice(0, 2)).toEqual(['Mina Export', 'Export maths']);
    expect(row!.slice(5, 11)).toEqual([45, 90, 0.5, 40, 1.13, 'Waiting']);
    const none = await t.call(
      c.exportTransfers,
      { query: { format: 'csv', studentName: 'Theo' } },
      { token: finance.token },
    );
    expect(none.rawPayload.toString('utf8').trimEnd().split('\r\n')).toHaveLength(1);
    const csv = await t.call(
      c.exportTransfers,
      { query: { format: 'csv' } },
      { token: consultant.token, language: 'zh' },
    );
    // Named as the screen names transfers in Chinese ("转班", a move between classes).
    expect(csv.headers['content-disposition']).toContain(`''${encodeURIComponent('转班')}-`);
    const lines = csv.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]!.startsWith('学生,转出班级')).toBe(true);
    expect(lines[1]!.endsWith(",'=risky")).toBe(true);
    const refused = await t.call(c.exportTransfers, { query: { format: 'csv' } }, { token: teacher.token });
    expect(refused.statusCode).toBe(403);
  });
});

describe("students' balance export", () => {
  it('exports the balance list as it is filtered (owes: the debtors), figures as numbers, in scope', async () => {
    const owes = [[{ column: 'owes', comparison: 'Equal' as const, operand: true }]];
    const res = await t.call(c.exportBalances, { body: exportBody({ where: owes }) }, { token: finance.token });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = readXlsx(res.rawPayload);
    expect(header).toEqual(['Student', 'Consultant', 'Class', 'Paid', 'Used', 'Owed', 'Hours owed', 'Remaining', 'Hours left']);
    expect(rows).toEqual([['Theo Export', expect.any(String), 'Export maths', 0, 100, 100, 2, -100, -2]]);
    const all = await t.call(c.exportBalances, { body: exportBody() }, { token: finance.token });
    const [, ...every] = readXlsx(all.rawPayload);
    expect(every).toContainEqual([expect.any(String), expect.any(String), 'Export maths', 300, 180, 0, 0, 120, 1.33]);
    expect(every[0]).toEqual(rows[0]);
    const mineOnly = await t.call(
      c.exportBalances,
      { body: exportBody({ format: 'csv', where: owes }) },
      { token: consultant.token },
    );
    expect(mineOnly.rawPayload.toString('utf8').trimEnd().split('\r\n')).toHaveLength(1);
  });
});
