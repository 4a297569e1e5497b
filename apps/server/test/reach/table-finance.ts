import { contract } from '@tutoria/shared';
import { classLabels, type Fixture, type UserLabel } from './model.ts';
import { ABSENT, csvRecords, everyRow, foundOr, type ReadEntry } from './harness.ts';
import { label, type Reach, students } from './rules.ts';

/**
 * Money: the endpoint's permission decides who may call it, then the student reached decides whose
 * rows (the class is not asked: S4's money in the disabled D stays the financial admin's and C2's);
 * a teacher or an assistant reaches nobody's money. A read of one class's money (its charges, its
 * side costs: "of a classroom in reach", as the contract says) also needs the class reached.
 */
const d = contract.deposits;
const json = (res: { json(): unknown }) => res.json() as Record<string, unknown>;

const ids = (key: string) => (res: { json(): unknown }, f: Fixture) =>
  (json(res).data as Record<string, string>[]).map((x) => label(f, x[key]));
const moneyOf = <T extends { student: UserLabel }>(rows: T[], r: Reach) =>
  rows.filter((x) => r.money(x.student));

/** A student's credit accounts: the classes they sit in and those the ledger holds money of theirs in. */
function accountsOf(f: Fixture, s: UserLabel) {
  const sits = classLabels.filter((cl) => f.classes[cl].students.includes(s));
  const held = f.creditAccounts.filter((x) => x.student === s).map((x) => x.classroom);
  return [...new Set([...sits, ...held])].map((cl) => `${s} ${cl}`);
}
const balanceRows = (res: { json(): unknown }, f: Fixture) =>
  (json(res).balances as { studentPublicKey: string; classroomId: string }[]).map(
    (b) => `${label(f, b.studentPublicKey)} ${label(f, b.classroomId)}`,
  );
const accountRows = (res: { json(): unknown }, f: Fixture) =>
  (json(res).data as { studentPublicKey: string; classroomId: string }[]).map(
    (b) => `${label(f, b.studentPublicKey)} ${label(f, b.classroomId)}`,
  );
const perStudentBalance = (f: Fixture) =>
  students(f).map((s) => ({
    name: s,
    input: { query: { studentPublicKey: f.users[s].publicKey } },
    expected: (r: Reach) => (r.money(s) ? accountsOf(f, s) : [ABSENT]),
  }));
const byAmount = (rows: { amount: number; label: string }[], amount: string | undefined) =>
  rows.find((x) => x.amount.toFixed(2) === amount)?.label ?? `?amount ${amount}`;

export const financeReads: ReadEntry[] = [
  // teacher settlements (issue 28): a teacher their own, the settlement managers every teacher's
  {
    endpoint: contract.settlements.own,
    cases: (f) => [
      {
        name: 'own',
        input: { body: everyRow },
        expected: (r) => f.settlements.filter((x) => x.teacher === r.user.label).map((x) => x.label),
      },
    ],
    rows: ids('settlementId'),
  },
  {
    endpoint: contract.settlements.list,
    cases: (f) => [{ name: 'every settlement', input: { body: everyRow }, expected: () => f.settlements.map((x) => x.label) }],
    rows: ids('settlementId'),
  },
  {
    endpoint: contract.settlements.myEarnings,
    cases: () => [
      {
        name: 'own',
        input: { query: {} },
        expected: (r) => (r.role === 'Teacher' ? [`earnings ${r.user.label}`] : [ABSENT]),
      },
    ],
    rows: (res, f) => [`earnings ${label(f, (json(res).sum as { teacherPublicKey: string }).teacherPublicKey)}`],
  },
  {
    endpoint: d.list,
    cases: (f) => [
      {
        name: 'every deposit',
        input: { body: everyRow },
        expected: (r) => moneyOf(f.deposits, r).map((x) => x.label),
      },
    ],
    rows: ids('depositId'),
  },
  {
    endpoint: d.sums,
    cases: (f) => [
      {
        name: 'sums',
        input: { body: {} },
        expected: (r) => {
          const sum = (confirmed: boolean) =>
            moneyOf(f.deposits, r)
              .filter((x) => x.confirmed === confirmed)
              .reduce((n, x) => n + x.amount, 0);
          return [`confirmed ${sum(true).toFixed(2)}`, `waiting ${sum(false).toFixed(2)}`];
        },
      },
    ],
    rows: (res) => [
      `confirmed ${(json(res).confirmed as number).toFixed(2)}`,
      `waiting ${(json(res).waiting as number).toFixed(2)}`,
    ],
  },
  {
    endpoint: d.own,
    cases: (f) => [
      {
        name: 'own',
        input: { query: { size: 100 } },
        expected: (r) => f.deposits.filter((x) => x.student === r.user.label).map((x) => x.label),
      },
    ],
    rows: ids('depositId'),
  },
  {
    endpoint: d.history,
    cases: (f) =>
      f.deposits.map((x) => ({
        name: x.label,
        input: { query: { depositId: x.id } },
        expected: (r: Reach) => foundOr(r.money(x.student)),
      })),
    rows: () => ['found'],
  },
  { endpoint: d.studentBalance, cases: perStudentBalance, rows: balanceRows },
  {
    endpoint: d.ownBalance,
    cases: (f) => [{ name: 'own', input: {}, expected: (r) => accountsOf(f, r.user.label) }],
    rows: balanceRows,
  },
  {
    endpoint: d.classroomCharges,
    cases: (f) =>
      classLabels.map((cl) => ({
        name: cl,
        input: { query: { classroomId: f.classes[cl].id } },
        expected: (r: Reach) =>
          r.classrooms.has(cl)
            ? students(f).flatMap((s) => accountsOf(f, s).filter((x) => x === `${s} ${cl}` && r.money(s)))
            : [ABSENT],
      })),
    rows: (res, f) =>
      (json(res).students as { studentPublicKey: string; classroomId: string }[]).map(
        (b) => `${label(f, b.studentPublicKey)} ${label(f, b.classroomId)}`,
      ),
  },
  {
    endpoint: contract.transfers.list,
    cases: (f) => [
      {
        name: 'every transfer',
        input: { query: { size: 1000 } },
        expected: (r) => moneyOf(f.transfers, r).map((x) => x.label),
      },
    ],
    rows: ids('transferId'),
  },
  { endpoint: contract.transfers.classroomBalance, cases: perStudentBalance, rows: balanceRows },
  {
    endpoint: contract.sideCosts.list,
    cases: (f) =>
      classLabels.map((cl) => ({
        name: cl,
        input: { query: { classroomId: f.classes[cl].id } },
        expected: (r: Reach) =>
          r.classrooms.has(cl)
            ? moneyOf(f.sideCosts, r)
                .filter((x) => x.classroom === cl)
                .map((x) => x.label)
            : [ABSENT],
      })),
    rows: (res, f) => (json(res).sideCosts as { sideCostId: string }[]).map((x) => label(f, x.sideCostId)),
  },
  {
    endpoint: contract.debtors.list,
    cases: (f) => [
      {
        name: 'every debtor',
        input: { body: everyRow },
        expected: (r) =>
          f.creditAccounts
            .filter((x) => x.remaining < 0 && r.money(x.student))
            .map((x) => `${x.student} ${x.classroom}`),
      },
    ],
    rows: accountRows,
  },
  {
    endpoint: contract.debtors.balances,
    cases: (f) => [
      {
        name: 'every account',
        input: { body: everyRow },
        expected: (r) =>
          f.creditAccounts.filter((x) => r.money(x.student)).map((x) => `${x.student} ${x.classroom}`),
      },
    ],
    rows: accountRows,
  },
  {
    endpoint: contract.financeExports.exportDeposits,
    cases: (f) => [
      {
        name: 'csv',
        input: { body: { format: 'csv' } },
        expected: (r) => moneyOf(f.deposits, r).map((x) => x.label),
      },
    ],
    rows: (res, f) => csvRecords(res).map((x) => byAmount(f.deposits, x.Amount)),
  },
  {
    endpoint: contract.financeExports.exportTransfers,
    cases: (f) => [
      {
        name: 'csv',
        input: { query: { format: 'csv' } },
        expected: (r) => moneyOf(f.transfers, r).map((x) => x.label),
      },
    ],
    rows: (res, f) => csvRecords(res).map((x) => byAmount(f.transfers, x.Amount)),
  },
  {
    endpoint: contract.financeExports.exportBalances,
    cases: (f) => [
      {
        name: 'csv',
        input: { body: { format: 'csv' } },
        expected: (r) =>
          f.creditAccounts.filter((x) => r.money(x.student)).map((x) => `${x.student} ${x.classroom}`),
      },
    ],
    rows: (res, f) => csvRecords(res).map((x) => `${label(f, x.Student)} ${label(f, x.Class)}`),
  },
  // issue 28: the side costs list and its export, the contracts export (the student's money reach decides)
  {
    endpoint: contract.sideCosts.all,
    cases: (f) => [{ name: 'every side cost', input: { body: everyRow }, expected: (r) => moneyOf(f.sideCosts, r).map((x) => x.label) }],
    rows: ids('sideCostId'),
  },
  {
    endpoint: contract.financeExports.exportSideCosts,
    cases: (f) => [{ name: 'csv', input: { body: { format: 'csv' } }, expected: (r) => moneyOf(f.sideCosts, r).map((x) => x.label) }],
    rows: (res, f) => csvRecords(res).map((x) => byAmount(f.sideCosts, x.Amount)),
  },
  {
    endpoint: contract.financeExports.exportContracts,
    cases: (f) => [{ name: 'csv', input: { body: { format: 'csv' } }, expected: (r) => moneyOf(f.contracts, r).map((x) => x.label) }],
    rows: (res, f) => csvRecords(res).map((x) => `contract ${label(f, x.Student)}`),
  },
  {
    endpoint: contract.financeExports.guide,
    cases: (f) =>
      Object.values(f.classes).flatMap((cl) =>
        cl.students.map((s) => ({
          name: `${s} ${cl.label}`,
          input: { query: { studentPublicKey: f.users[s].publicKey, classroomId: cl.id } },
          expected: (r: Reach) => foundOr(r.money(s)),
        })),
      ),
    rows: () => ['found'],
  },
  {
    endpoint: contract.financeExports.ownTransfers,
    cases: (f) => [
      {
        name: 'own',
        input: { query: { size: 100 } },
        expected: (r) => f.transfers.filter((x) => x.student === r.user.label).map((x) => x.label),
      },
    ],
    rows: ids('transferId'),
  },
  // contracts (issue 28): the contract's student decides, as a deposit's does
  {
    endpoint: contract.contracts.list,
    cases: (f) => [{ name: 'every contract', input: { body: everyRow }, expected: (r) => moneyOf(f.contracts, r).map((x) => x.label) }],
    rows: ids('contractId'),
  },
  {
    endpoint: contract.contracts.studentBalance,
    cases: (f) =>
      students(f).map((s) => ({
        name: s,
        input: { query: { studentPublicKey: f.users[s].publicKey } },
        expected: (r: Reach) => (r.money(s) ? f.contracts.filter((x) => x.student === s).map((x) => x.label) : [ABSENT]),
      })),
    rows: (res, f) => (json(res).contracts as { contractId: string }[]).map((x) => label(f, x.contractId)),
  },
  {
    endpoint: contract.contracts.fileLink,
    cases: (f) =>
      f.contracts
        .filter((x) => x.file)
        .map((x) => ({ name: x.label, input: { body: { contractId: x.id } }, expected: (r: Reach) => foundOr(r.money(x.student)) })),
    rows: () => ['found'],
  },
  {
    endpoint: contract.depositReceipts.receiptLink,
    cases: (f) =>
      f.deposits
        .filter((x) => x.receipt)
        .map((x) => ({
          name: x.label,
          input: { body: { depositId: x.id } },
          expected: (r: Reach) => foundOr(r.money(x.student)),
        })),
    rows: () => ['found'],
  },
];
