import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type WhereCondition } from '@tutoria/shared';
import { contractBody, createContract } from '../../test/contract-factories.ts';
import { createDeposit, depositBody, setPrice } from '../../test/finance-factories.ts';
import { buildClassroom, HOUR, monday, type Person, person, recordSession } from '../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A list's uuid key column (`keyColumn`, issue 30): Equal and NotEqual on a key compare the uuid so
 * its index serves them; every filter answers the rows the key's text (`key::text`) answered — a key
 * in capitals, a key without dashes, any other text, a Contains, a null — nothing refused.
 */
let t: TestApp;
let admin: Person;
let finance: Person;
let consultant: Person;
let otherConsultant: Person;
const held = monday(-1) + 9 * HOUR;
/** Each student's consultant: a deposit's answer names its student, not the consultant. */
const consultantOf = new Map<string, string | null>();

beforeAll(async () => {
  t = await createTestApp();
  const staff: Person[] = [];
  for (const role of ['Admin', 'FinancialAdmin', 'AcademicConsultant', 'AcademicConsultant'] as const) staff.push(await person(t, role));
  [admin, finance, consultant, otherConsultant] = staff as [Person, Person, Person, Person];
  const students: Person[] = [];
  for (const consultantKey of [consultant.publicKey, consultant.publicKey, otherConsultant.publicKey, null]) {
    const student = await person(t, 'Student', consultantKey ? { consultantKey } : {});
    consultantOf.set(student.publicKey, consultantKey);
    students.push(student);
  }
  const built = await buildClassroom(t, { students, times: [{ start: held, end: held + 2 * HOUR }] });
  await recordSession(t.db, built.sessionIds[0]!, { confirmation: 'confirmedByAdmin' });
  for (const student of students) {
    await setPrice(t.db, built.classroomId, student.publicKey, '100');
    await createDeposit(t, finance.token, depositBody(student, built.classroomId, { amount: 50 }));
    await createContract(t, finance.token, contractBody(student));
    const res = await t.call(
      contract.sideCosts.upsert,
      { body: { classroomId: built.classroomId, studentPublicKey: student.publicKey, sideCosts: [{ title: 'Books', amount: 10 }] } },
      { token: admin.token },
    );
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
interface KeyList {
  name: string;
  call: (where: WhereCondition[][]) => Promise<Row[]>;
  /** A row's identity and the key column's value in the answer. */
  id: (row: Row) => string;
  key: (row: Row) => string | null;
}

const rowsOf = async (res: Awaited<ReturnType<TestApp['call']>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Row[] }).data;
};
const all = (where: WhereCondition[][]) => ({ page: { index: 1, size: -1 }, where, order: [] });

const lists: KeyList[] = [
  {
    name: 'contracts',
    call: async (where) => rowsOf(await t.call(contract.contracts.list, { body: all(where) }, { token: finance.token })),
    id: (row) => String(row.contractId),
    key: (row) => row.consultantPublicKey as string | null,
  },
  {
    name: 'deposits',
    call: async (where) => rowsOf(await t.call(contract.deposits.list, { body: all(where) }, { token: finance.token })),
    id: (row) => String(row.depositId),
    key: (row) => consultantOf.get(String(row.studentPublicKey))!,
  },
  {
    name: 'debtors',
    call: async (where) => rowsOf(await t.call(contract.debtors.list, { body: all(where) }, { token: finance.token })),
    id: (row) => `${String(row.studentPublicKey)} ${String(row.classroomId)}`,
    key: (row) => row.consultantPublicKey as string | null,
  },
  {
    name: 'side costs',
    call: async (where) => rowsOf(await t.call(contract.sideCosts.all, { body: all(where) }, { token: finance.token })),
    id: (row) => String(row.sideCostId),
    key: (row) => row.consultantPublicKey as string | null,
  },
  {
    name: 'users',
    call: async (where) =>
      rowsOf(await t.call(contract.users.list, { body: { page: { index: 1, size: 100 }, where, order: [] } }, { token: admin.token })),
    id: (row) => String(row.publicKey),
    key: (row) => row.consultant as string | null,
  },
];
const columnOf = (list: KeyList) => (list.name === 'users' ? 'consultant' : 'consultantPublicKey');

/** Each condition and the rows the key's text answers to it (Contains: `ilike`, ignoring case). */
function cases(key: string): { label: string; comparison: WhereCondition['comparison']; operand: string | null; matches: (k: string | null) => boolean }[] {
  const texts = [key, key.toUpperCase(), key.replaceAll('-', ''), `{${key}}`, 'not-a-key'];
  return [
    ...texts.flatMap((text) => [
      { label: `Equal ${text}`, comparison: 'Equal' as const, operand: text, matches: (k: string | null) => k === text },
      { label: `NotEqual ${text}`, comparison: 'NotEqual' as const, operand: text, matches: (k: string | null) => k !== text },
    ]),
    ...[key.slice(0, 8), key.slice(0, 8).toUpperCase(), key].map((text) => ({
      label: `Contains ${text}`,
      comparison: 'Contains' as const,
      operand: text,
      matches: (k: string | null) => k !== null && k.toLowerCase().includes(text.toLowerCase()),
    })),
    { label: 'Equal null', comparison: 'Equal', operand: null, matches: (k) => k === null },
    { label: 'NotEqual null', comparison: 'NotEqual', operand: null, matches: (k) => k !== null },
  ];
}

describe.each(lists)('the $name list filtered on its consultant key', (list) => {
  it('answers each condition with the rows the key as text answers, a key or not', async () => {
    const everyRow = await list.call([]);
    // Rows of both consultants and of a student without one, so each condition tells them apart.
    expect(everyRow.map(list.key)).toEqual(expect.arrayContaining([consultant.publicKey, otherConsultant.publicKey, null]));
    for (const { label, comparison, operand, matches } of cases(consultant.publicKey)) {
      const rows = await list.call([[{ column: columnOf(list), comparison, operand }]]);
      const expected = everyRow.filter((row) => matches(list.key(row))).map(list.id);
      expect(rows.map(list.id).sort(), label).toEqual(expected.sort());
    }
  });

  it('answers a key, then another text, then a key again in one shape each (a list statement keeps its own text)', async () => {
    const ask = async (operand: string) => (await list.call([[{ column: columnOf(list), comparison: 'Equal', operand }]])).map(list.key);
    for (const operand of [otherConsultant.publicKey, 'x', otherConsultant.publicKey.toUpperCase(), otherConsultant.publicKey]) {
      const keys = await ask(operand);
      expect(keys.every((k) => k === operand), operand).toBe(true);
      expect(keys.length > 0, operand).toBe(operand === otherConsultant.publicKey);
    }
  });
});
