import {
  classesProfitBody,
  classesProfitList,
  classProfitSessions,
  classProfitSessionsQuery,
  consultantClassesProfit,
  consultantClassesQuery,
  consultantShareSaved,
  consultantsProfit,
  profitPeriodQuery,
  setConsultantShareBody,
} from '../schemas/profit.ts';
import { defineEndpoint, type ListColumn } from './define.ts';

/** The columns the classes' profit list filters and sorts on (SPEC §9's where / order). */
const classProfitColumns: Readonly<Record<string, ListColumn>> = {
  classroomName: { type: 'text' },
  teacherPublicKey: { type: 'text', sortable: false },
  teacherName: { type: 'text' },
  lessonType: { type: 'enum' },
  sessionCount: { type: 'number' },
  revenue: { type: 'number' },
  teacherPay: { type: 'number' },
  sideCosts: { type: 'number' },
  margin: { type: 'number' },
  marginPercent: { type: 'number' },
};

/**
 * Profit (issue 28; DESIGN §7 "consultant profit"; docs/finance.md "Profit"): per class and per
 * academic consultant over a period, from the ledger. Teacher pay is in every figure, so these are
 * for the financial admin and the admin alone (`settlements.manage`): consultants see no teacher pay.
 */
export const profitContract = {
  classes: defineEndpoint({
    name: 'profit.classes',
    method: 'POST',
    path: 'classroom/getClassroomsProfit',
    body: classesProfitBody,
    response: classesProfitList,
    access: 'settlements.manage',
    listColumns: classProfitColumns,
    summary:
      "Every class's revenue, teacher pay, side costs and margin posted in a period (from / to, days in the centre's time zone), paged, filtered and sorted; least margin first by default.",
  }),
  classSessions: defineEndpoint({
    name: 'profit.classSessions',
    method: 'GET',
    path: 'classroom/getClassroomProfitSessions',
    query: classProfitSessionsQuery,
    response: classProfitSessions,
    access: 'settlements.manage',
    summary: "The sessions behind one class's profit in a period: each one's revenue, teacher pay and margin.",
  }),
  consultants: defineEndpoint({
    name: 'profit.consultants',
    method: 'GET',
    path: 'deposit/getAcademicConsultantProfit',
    query: profitPeriodQuery,
    response: consultantsProfit,
    access: 'settlements.manage',
    summary:
      "Per academic consultant, the profit of their students' classes in a period (dated by posting) and their share (percent and amount), with the sums.",
  }),
  consultantClasses: defineEndpoint({
    name: 'profit.consultantClasses',
    method: 'GET',
    path: 'deposit/getAcademicConsultantProfitClasses',
    query: consultantClassesQuery,
    response: consultantClassesProfit,
    access: 'settlements.manage',
    summary: "The classes behind one academic consultant's profit in a period: their students' part of each class's figures.",
  }),
  setShare: defineEndpoint({
    name: 'profit.setShare',
    method: 'PUT',
    path: 'deposit/setAcademicConsultantShare',
    body: setConsultantShareBody,
    response: consultantShareSaved,
    access: 'settlements.manage',
    summary: "Sets an academic consultant's share of profit (percent, 0–100).",
  }),
};
