import { okResponse } from '../schemas/common.ts';
import {
  debtorList,
  editTeacherSalaryBody,
  sideCostList,
  sideCostsOfClassroom,
  sideCostsSaved,
  teacherFeeIdBody,
  teacherFeeList,
  teacherFeeSaved,
  teacherSalary,
  teacherSalarySaved,
  upsertSideCostsBody,
  upsertTeacherFeeBody,
} from '../schemas/finance-fees.ts';
import { classroomIdQuery } from '../schemas/scheduling.ts';
import { listQuery } from '../schemas/list-query.ts';
import { defineEndpoint, type ListColumn } from './define.ts';

const teacherFeeColumns: Readonly<Record<string, ListColumn>> = {
  fullName: { type: 'text' },
  teacherPublicKey: { type: 'text', sortable: false },
  teacherType: { type: 'enum' },
  lessonType: { type: 'enum' },
  fee: { type: 'number' },
  createMoment: { type: 'time' },
};

/**
 * Finance: teacher fees (SPEC §7 "List all (search on fullName), upsert, DELETE {teacherFeeId}").
 * The spec names no paths: they are named here in its `controller/action` style. Teacher pay is
 * seen and set by those who manage fees (FinancialAdmin, Admin) only.
 */
export const teacherFeesContract = {
  list: defineEndpoint({
    name: 'teacherFees.list',
    method: 'POST',
    path: 'teacherFee/getAll',
    body: listQuery,
    response: teacherFeeList,
    access: 'teacherFees.manage',
    listColumns: teacherFeeColumns,
    summary: "Teachers' fees per lesson type, paged, searchable on the teacher's fullName; newest first by default.",
  }),
  upsert: defineEndpoint({
    name: 'teacherFees.upsert',
    method: 'POST',
    path: 'teacherFee/upsert',
    aliases: [{ method: 'PUT', path: 'teacherFee/upsert' }],
    body: upsertTeacherFeeBody,
    response: teacherFeeSaved,
    access: 'teacherFees.manage',
    summary: 'Adds a fee (no teacherFeeId) or edits one; one fee per teacher and lesson type.',
  }),
  delete: defineEndpoint({
    name: 'teacherFees.delete',
    method: 'DELETE',
    path: 'teacherFee/delete',
    body: teacherFeeIdBody,
    response: okResponse,
    access: 'teacherFees.manage',
    summary: "Deletes a teacher's fee; salaries already set on classes keep their value.",
  }),
};

/** A class's teacher salary per hour (SPEC §7 EditTeacherSalaryForFinancialManager, exact spelling). */
export const teacherSalaryContract = {
  get: defineEndpoint({
    name: 'teacherSalary.get',
    method: 'GET',
    path: 'classroom/GetTeacherSalary',
    query: classroomIdQuery,
    response: teacherSalary,
    access: 'classes.read',
    summary: "A class's teacher salary per hour (or the teacher's fee it starts from): for fee managers, and for the class's own teacher.",
  }),
  edit: defineEndpoint({
    name: 'teacherSalary.edit',
    method: 'PUT',
    path: 'classroom/EditTeacherSalaryForFinancialManager',
    body: editTeacherSalaryBody,
    response: teacherSalarySaved,
    access: 'prices.setTeacherSalary',
    summary: "Sets a class's teacher salary per hour (financial admin).",
  }),
};

/**
 * The columns the side costs list (issue 28) filters and sorts on: student, class, consultant,
 * title (search), and the recorded period — the month of `createMoment` (YYYY-MM in the centre's
 * time zone) — or `createMoment` itself.
 */
const sideCostColumns: Readonly<Record<string, ListColumn>> = {
  studentPublicKey: { type: 'text', sortable: false },
  studentName: { type: 'text' },
  classroomId: { type: 'text', sortable: false },
  classroomName: { type: 'text' },
  consultantPublicKey: { type: 'text', sortable: false },
  title: { type: 'text' },
  amount: { type: 'number' },
  period: { type: 'text' },
  createMoment: { type: 'time' },
};

/** Students' side costs in a class (SPEC §7 UpsertStudentSideCosts, exact spelling). */
export const sideCostsContract = {
  list: defineEndpoint({
    name: 'sideCosts.list',
    method: 'GET',
    path: 'classroom/GetStudentSideCosts',
    query: classroomIdQuery,
    response: sideCostsOfClassroom,
    access: 'finance.read',
    summary: "The live side costs of a class's students in the caller's reach (a consultant: their consultees).",
  }),
  upsert: defineEndpoint({
    name: 'sideCosts.upsert',
    method: 'PUT',
    path: 'classroom/UpsertStudentSideCosts',
    body: upsertSideCostsBody,
    response: sideCostsSaved,
    access: 'prices.setStudentCost',
    summary:
      "Sets a student's side costs in a class as a whole (add, edit, remove); each is charged to the student's credit in the ledger, a change by reversing entries.",
  }),
  /** Issue 28: every student's side costs per class, a finance list of their own, with totals. */
  all: defineEndpoint({
    name: 'sideCosts.all',
    method: 'POST',
    path: 'classroom/getAllStudentSideCosts',
    body: listQuery,
    response: sideCostList,
    access: 'finance.read',
    listColumns: sideCostColumns,
    summary:
      "Every live side cost of the students in reach (a consultant: their consultees), per class, paged, filtered (student, class, consultant, title, recorded period) and sorted, with the count and sum of every filtered row; amounts are their live charges in the ledger; newest first by default.",
  }),
};

const debtorColumns: Readonly<Record<string, ListColumn>> = {
  studentName: { type: 'text' },
  studentPublicKey: { type: 'text', sortable: false },
  classroomName: { type: 'text' },
  classroomId: { type: 'text', sortable: false },
  consultantPublicKey: { type: 'text', sortable: false },
  amountOwed: { type: 'number' },
  hoursOwed: { type: 'number' },
};

/** The all-students balance: the debtor columns, what is left, and whether the student owes. */
const balanceColumns: Readonly<Record<string, ListColumn>> = {
  ...debtorColumns,
  remaining: { type: 'number' },
  balanceInHour: { type: 'number' },
  owes: { type: 'boolean', sortable: false },
};

/** Debtor students (SPEC §7 "debtor students"), derived from the ledger. */
export const debtorsContract = {
  list: defineEndpoint({
    name: 'debtors.list',
    method: 'POST',
    path: 'deposit/getDebtorStudents',
    body: listQuery,
    response: debtorList,
    access: 'finance.read',
    listColumns: debtorColumns,
    summary:
      "Students in reach whose held sessions and side costs in a class cost more than their credit: what they owe in money and hours, from the ledger; most owed first by default; filterable by consultant.",
  }),
  /** Issue 11 "Balances": every (student, class) credit account in reach; `owes` = true gives the debtors. */
  balances: defineEndpoint({
    name: 'debtors.balances',
    method: 'POST',
    path: 'deposit/getStudentsBalances',
    body: listQuery,
    response: debtorList,
    access: 'finance.read',
    listColumns: balanceColumns,
    summary:
      "Every student's credit account per class in reach: paid, used, remaining (negative = owed), owed in money and hours, hours left, from the ledger; least remaining first by default; filterable by consultant and by `owes`.",
  }),
};
