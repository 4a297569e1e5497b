import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type Language } from '@tutoria/shared';
import { feesState, refusedWithoutWriting } from '../../../test/fees-factories.ts';
import { createDeposit, depositBody, expectLedgerBalanced, financeState, setPrice } from '../../../test/finance-factories.ts';
import { buildClassroom, expectRefused, HOUR, monday, type Person, person, text } from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * A centre whose currency has no minor units (issue 27; CURRENCY=IRR): every amount typed is
 * whole — a deposit, its discount, prices, side costs, a transfer and its rates, a teacher's fee
 * and salary — or refused with a clear text in the caller's language, nothing written; a transfer
 * given in hours is rounded to whole rials; texts show amounts in rials, and the spreadsheet's
 * money cells have no decimals.
 */
let t: TestApp;
let finance: Person;
let consultant: Person;
let student: Person;
let teacher: Person;
let source: string;
let destination: string;
const start = monday(1) + 9 * HOUR;

beforeAll(async () => {
  t = await createTestApp({ CURRENCY: 'IRR' });
  finance = await person(t, 'FinancialAdmin');
  consultant = await person(t, 'AcademicConsultant');
  student = await person(t, 'Student', { consultantKey: consultant.publicKey });
  const a = await buildClassroom(t, { students: [student], times: [{ start, end: start + HOUR }] });
  const b = await buildClassroom(t, { students: [student], times: [{ start: start + 2 * HOUR, end: start + 3 * HOUR }] });
  source = a.classroomId;
  destination = b.classroomId;
  teacher = a.teacher;
  await setPrice(t.db, source, student.publicKey, '333');
  await setPrice(t.db, destination, student.publicKey, '250');
  const depositId = await createDeposit(t, finance.token, depositBody(student, source, { amount: 1000 }));
  const confirmed = await t.call(contract.deposits.confirm, { body: { depositId } }, { token: finance.token });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
});
afterAll(() => t.close());

/** A call refused as FAILED_VALIDATION with nothing written; answers the field errors. */
async function refusedField(call: () => ReturnType<TestApp['call']>) {
  const before = await financeState(t.db);
  const res = await refusedWithoutWriting(t, call, 'FAILED_VALIDATION');
  expect(await financeState(t.db)).toEqual(before);
  return res.json() as { message: string; details: { field: string; message: string }[] };
}

const whole = (language: Language = 'en') => text('moneyWhole', { currency: 'IRR' }, language);

describe('amounts in a currency without minor units', () => {
  it('a deposit with decimals is refused, in English and Chinese; a whole one is saved', async () => {
    for (const language of ['en', 'zh'] as const) {
      const res = await refusedField(() =>
        t.call(contract.deposits.create, { body: depositBody(student, source, { amount: 450.5 }) }, { token: consultant.token, language }),
      );
      expect(res.message).toBe(whole(language));
      expect(res.details).toEqual([{ field: 'amount', message: whole(language) }]);
    }
    expect(whole('en')).toBe('Amounts in IRR are whole: no decimals.');
    const discount = await refusedField(() =>
      t.call(contract.deposits.create, { body: depositBody(student, source, { amount: 450, discountValue: 0.5 }) }, { token: consultant.token }),
    );
    expect(discount.details.map((d) => d.field)).toEqual(['discountValue']);
    const saved = await t.call(contract.deposits.create, { body: depositBody(student, source, { amount: 450 }) }, { token: consultant.token });
    expect(saved.statusCode, saved.body).toBe(200);
    const depositId = saved.json().deposit.depositId as string;
    const edited = await refusedField(() =>
      t.call(contract.deposits.edit, { body: { depositId, ...depositBody(student, source, { amount: 450.25 }) } }, { token: consultant.token }),
    );
    expect(edited.details.map((d) => d.field)).toEqual(['amount']);
    const stored = (await t.db.execute(sql`select amount::text from deposits where deposit_id = ${depositId}`)) as unknown as {
      rows: { amount: string }[];
    };
    expect(stored.rows[0]!.amount).toBe('450.00');
  });

  it('prices and side costs with decimals are refused, each field named', async () => {
    const prices = await refusedField(() =>
      t.call(
        contract.prices.editStudentsCost,
        { body: { classroomId: source, students: [{ studentPublicKey: student.publicKey, studentCostPerHour: 300.5, studentDiscountPerHour: 0.5 }] } },
        { token: consultant.token },
      ),
    );
    expect(prices.details).toEqual([
      { field: 'students.0.studentCostPerHour', message: whole() },
      { field: 'students.0.studentDiscountPerHour', message: whole() },
    ]);
    const sideCosts = await refusedField(() =>
      t.call(
        contract.sideCosts.upsert,
        { body: { classroomId: source, studentPublicKey: student.publicKey, sideCosts: [{ title: 'Books', amount: 120 }, { title: 'Exam', amount: 85.5 }] } },
        { token: consultant.token },
      ),
    );
    expect(sideCosts.details).toEqual([{ field: 'sideCosts.1.amount', message: whole() }]);
  });

  it("a teacher's fee and salary with decimals are refused", async () => {
    const fee = await refusedField(() =>
      t.call(
        contract.teacherFees.upsert,
        { body: { teacherPublicKey: teacher.publicKey, fee: 150.5, teacherType: 'FullTime', lessonType: 'A_LEVEL_Offline' } },
        { token: finance.token },
      ),
    );
    expect(fee.details).toEqual([{ field: 'fee', message: whole() }]);
    const before = await feesState(t.db);
    const salary = await t.call(contract.teacherSalary.edit, { body: { classroomId: source, teacherSalaryPerHour: 175.25 } }, { token: finance.token, language: 'zh' });
    expectRefused(salary, 'FAILED_VALIDATION');
    expect(salary.json().details).toEqual([{ field: 'teacherSalaryPerHour', message: whole('zh') }]);
    expect(await feesState(t.db)).toEqual(before);
    const saved = await t.call(contract.teacherSalary.edit, { body: { classroomId: source, teacherSalaryPerHour: 175 } }, { token: finance.token });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('a transfer: decimals refused; hours become whole rials; its refusal shows rials', async () => {
    const body = { studentPublicKey: student.publicKey, sourceClassroomId: source, destinationClassroomId: destination };
    const typed = await refusedField(() => t.call(contract.transfers.create, { body: { ...body, amount: 10.5, chargePerHour: 0.5 } }, { token: consultant.token }));
    expect(typed.details.map((d) => d.field)).toEqual(['amount', 'chargePerHour']);
    // 1.25 h × 333 = 416.25: a transfer of 416 rials.
    const byHours = await t.call(contract.transfers.create, { body: { ...body, hours: 1.25 } }, { token: consultant.token });
    expect(byHours.statusCode, byHours.body).toBe(200);
    expect(byHours.json().transfer.amount).toBe(416);
    // 1000 paid less the 416 waiting: 584 left to move, said in rials in the reader's language.
    for (const language of ['en', 'zh'] as const) {
      const more = await refusedField(() => t.call(contract.transfers.create, { body: { ...body, amount: 600 } }, { token: consultant.token, language }));
      expect(more.details[0]!.message).toBe(text('transferMoreThanCredit', { available: 'IRR\u00a0584' }, language));
    }
    await expectLedgerBalanced(t.db);
  });
});

describe('the spreadsheet of deposits', () => {
  it('shows money cells without decimals, keeping the stored value', async () => {
    const res = await t.call(
      contract.financeExports.exportDeposits,
      { body: { format: 'xlsx', where: [], order: [] } },
      { token: finance.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const files = unzipSync(res.rawPayload);
    expect(strFromU8(files['xl/styles.xml']!)).toContain('<numFmt numFmtId="164" formatCode="0"/>');
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet).toMatch(/<c r="D2" s="3"><v>\d+\.00<\/v><\/c>/);
  });
});
