import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
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
 * The guide for create (what a student owes for a class now), the student's own transfers and
 * the student's own course plan export (issues 11 and 12), with their scope.
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
  mine = await person(t, 'Student', { consultantKey: consultant.publicKey });
  theirs = await person(t, 'Student');
  const built = await buildClassroom(t, {
    students: [mine, theirs],
    times: [
      { start: held, end: held + 2 * HOUR },
      { start: held + 2 * WEEK, end: held + 2 * WEEK + 90 * 60 },
    ],
  });
  classroomId = built.classroomId;
  teacher = built.teacher;
  otherClassroomId = (
    await buildClassroom(t, {
      students: [mine, theirs],
      times: [{ start: held + WEEK, end: held + WEEK + HOUR }],
    })
  ).classroomId;
  await recordSession(t.db, built.sessionIds[0]!, { confirmation: 'confirmedByAdmin' });
  await setPrice(t.db, classroomId, mine.publicKey, '100', '10');
});
afterAll(() => t.close());

const guide = (who: Person, student = mine, classroom = classroomId) =>
  t.call(
    c.guide,
    { query: { studentPublicKey: student.publicKey, classroomId: classroom } },
    { token: who.token },
  );

describe('guide for create', () => {
  it('owes booked hours × (cost − discount) + side costs − credit, in money and hours', async () => {
    const before = await guide(consultant);
    expect(before.statusCode, before.body).toBe(200);
    // 2 h + 1.5 h booked at 90/h = 315; nothing paid.
    expect(before.json()).toEqual({
      hasPrice: true,
      costPerHour: 100,
      discountPerHour: 10,
      bookedSessions: 2,
      bookedHours: 3.5,
      bookedCost: 315,
      sideCosts: 0,
      credit: 0,
      owed: 315,
      owedHours: 3.5,
      waiting: 0,
    });
    const sides = await t.call(
      contract.sideCosts.upsert,
      {
        body: {
          classroomId,
          studentPublicKey: mine.publicKey,
          sideCosts: [{ title: 'Books', amount: 30.5 }],
        },
      },
      { token: consultant.token },
    );
    expect(sides.statusCode, sides.body).toBe(200);
    const depositId = await createDeposit(
      t,
      consultant.token,
      depositBody(mine, classroomId, { amount: 100 }),
    );
    const waiting = await guide(finance);
    expect(waiting.json()).toMatchObject({
      sideCosts: 30.5,
      credit: 0,
      owed: 345.5,
      owedHours: 3.84,
      waiting: 100,
    });
    await t.call(contract.deposits.confirm, { body: { depositId } }, { token: finance.token });
    const after = await guide(consultant);
    expect(after.json()).toMatchObject({ credit: 100, owed: 245.5, owedHours: 2.73, waiting: 0 });
  });

  it('answers no price and no hours for a student without a price', async () => {
    const res = await guide(finance, theirs);
    expect(res.json()).toMatchObject({
      hasPrice: false,
      costPerHour: null,
      bookedHours: 3.5,
      bookedCost: 0,
      owed: 0,
      owedHours: null,
    });
  });

  it('keeps scope: a student out of reach is 404, one not in the class refused, teachers and students refused', async () => {
    expect((await guide(consultant, theirs)).statusCode).toBe(404);
    const stranger = await person(t, 'Student', { consultantKey: consultant.publicKey });
    expect((await guide(consultant, stranger)).json().code).toBe('FAILED_VALIDATION');
    for (const who of [teacher, mine]) expect((await guide(who)).statusCode).toBe(403);
  });
});

describe("the student's own transfers", () => {
  it('lists their own transfers, waiting and confirmed, never another student’s', async () => {
    await setPrice(t.db, classroomId, theirs.publicKey, '50');
    for (const student of [mine, theirs]) {
      const paid = await createDeposit(t, finance.token, depositBody(student, classroomId, { amount: 400 }));
      await t.call(contract.deposits.confirm, { body: { depositId: paid } }, { token: finance.token });
    }
    const create = (student: Person, amount: number) =>
      t.call(
        contract.transfers.create,
        {
          body: {
            studentPublicKey: student.publicKey,
            sourceClassroomId: classroomId,
            destinationClassroomId: otherClassroomId,
            amount,
          },
        },
        { token: finance.token },
      );
    const own = await create(mine, 20);
    expect(own.statusCode, own.body).toBe(200);
    const confirmed = await t.call(
      contract.transfers.confirm,
      { body: { transferId: own.json().transfer.transferId } },
      { token: finance.token },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await create(mine, 10)).statusCode).toBe(200);
    expect((await create(theirs, 15)).statusCode).toBe(200);
    const res = await t.call(c.ownTransfers, { query: {} }, { token: mine.token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      totalCount: number;
      data: { studentPublicKey: string; amount: number; state: string }[];
    };
    expect(body.totalCount).toBe(2);
    expect(body.data.map((x) => [x.studentPublicKey, x.amount, x.state]).sort()).toEqual([
      [mine.publicKey, 10, 'waiting'],
      [mine.publicKey, 20, 'confirmed'],
    ]);
    const onlyConfirmed = await t.call(
      c.ownTransfers,
      { query: { isConfirmed: true } },
      { token: mine.token },
    );
    expect(onlyConfirmed.json().totalCount).toBe(1);
    const others = await t.call(c.ownTransfers, { query: {} }, { token: theirs.token });
    expect(others.json().data.map((x: { amount: number }) => x.amount)).toEqual([15]);
    for (const who of [consultant, teacher, finance]) {
      expect((await t.call(c.ownTransfers, { query: {} }, { token: who.token })).statusCode).toBe(403);
    }
  });
});

describe("the student's own course plan export", () => {
  it('exports only the signed-in student’s plan; staff use the staff call', async () => {
    const leader = await person(t, 'TeamLeader');
    for (const [student, topic] of [
      [mine, 'My algebra'],
      [theirs, 'Their essays'],
    ] as const) {
      const added = await t.call(
        contract.progress.createCoursePlan,
        {
          body: {
            studentPublicKey: student.publicKey,
            lessonType: 'A_LEVEL_Offline',
            sessionPerWeek: 2,
            lessonTopic: topic,
            suggestedHours: 12.5,
            classType: 'Private',
            status: 'New',
          },
        },
        { token: leader.token },
      );
      expect(added.statusCode, added.body).toBe(200);
    }
    const link = await t.call(
      contract.progress.myExportLink,
      { body: { format: 'xlsx' } },
      { token: mine.token },
    );
    expect(link.statusCode, link.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: link.json().url as string });
    expect(file.statusCode).toBe(200);
    const rows = readXlsx(file.rawPayload);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('My algebra');
    expect(rows[1]).toContain(12.5);
    for (const who of [consultant, leader, teacher]) {
      const refused = await t.call(
        contract.progress.myExportLink,
        { body: { format: 'csv' } },
        { token: who.token },
      );
      expect(refused.statusCode).toBe(403);
    }
  });
});
