import type { FinancialReport, Language } from '@tutoria/shared';
import type { SheetColumn } from '../../lib/sheet-stream.ts';
import { paymentMethods } from './export-columns.ts';

/**
 * The general financial report as a sheet (SPEC §7 Exports): one row per figure (section, figure,
 * amount), then one per month (money in, money out, revenue recognised). Money leaves as the
 * ledger's sums, into number cells.
 */
export interface ReportSheetRow {
  section: string;
  item: string;
  amount: string | number | null;
  moneyIn: string | number | null;
  moneyOut: string | number | null;
  revenue: string | number | null;
}

type Labels = Record<string, Record<Language, string>>;

export const reportSheetName: Record<Language, string> = { en: 'Financial report', zh: '财务报表' };

const sections: Labels = {
  period: { en: 'Period', zh: '期间' },
  moneyIn: { en: 'Money in', zh: '收入款项' },
  moneyOut: { en: 'Money out', zh: '支出款项' },
  revenue: { en: 'Revenue recognised', zh: '已确认收入' },
  atEnd: { en: 'At the end of the period', zh: '期末' },
  month: { en: 'By month', zh: '按月' },
};

const items: Labels = {
  from: { en: 'From', zh: '开始日期' },
  to: { en: 'To', zh: '结束日期' },
  total: { en: 'Total', zh: '合计' },
  classDeposits: { en: 'Class deposits', zh: '班级缴费' },
  contractPayments: { en: 'Contract payments', zh: '合同付款' },
  teachingSalary: { en: 'Teaching salary', zh: '课酬' },
  otherPayments: { en: 'Other payments', zh: '其他付款' },
  sessions: { en: 'Sessions consumed', zh: '已消课' },
  sideCosts: { en: 'Side costs charged', zh: '已收附加费用' },
  contracts: { en: 'Contract revenue', zh: '合同收入' },
  unpaid: { en: 'Unpaid teacher earnings', zh: '未付课酬' },
  credit: { en: 'Student credit outstanding', zh: '学生预存余额' },
  owed: { en: 'Owed by students ({count})', zh: '学生欠款（{count} 人）' },
};

export const reportColumns: SheetColumn<ReportSheetRow>[] = [
  { header: { en: 'Section', zh: '类别' }, kind: 'text', width: 24, value: (r) => r.section },
  { header: { en: 'Figure', zh: '项目' }, kind: 'text', width: 36, value: (r) => r.item },
  { header: { en: 'Amount', zh: '金额' }, kind: 'money', width: 16, value: (r) => r.amount },
  { header: { en: 'Money in', zh: '收入款项' }, kind: 'money', width: 16, value: (r) => r.moneyIn },
  { header: { en: 'Money out', zh: '支出款项' }, kind: 'money', width: 16, value: (r) => r.moneyOut },
  {
    header: { en: 'Revenue recognised', zh: '已确认收入' },
    kind: 'money',
    width: 18,
    value: (r) => r.revenue,
  },
];

/** The report's rows in the caller's language: the figures, then the months. */
export function reportSheetRows(report: FinancialReport, language: Language): ReportSheetRow[] {
  const row = (section: string, item: string, amount: ReportSheetRow['amount']): ReportSheetRow => ({
    section: sections[section]![language],
    item,
    amount,
    moneyIn: null,
    moneyOut: null,
    revenue: null,
  });
  const named = (section: string, item: string, amount: number) =>
    row(section, items[item]![language], amount);
  const r = report;
  return [
    row('period', items.from![language], r.from),
    row('period', items.to![language], r.to),
    named('moneyIn', 'total', r.moneyIn.total),
    named('moneyIn', 'classDeposits', r.moneyIn.classDeposits),
    named('moneyIn', 'contractPayments', r.moneyIn.contractPayments),
    ...r.moneyIn.byMethod.map((m) => row('moneyIn', paymentMethods[m.paymentMethod]![language], m.total)),
    named('moneyOut', 'total', r.moneyOut.total),
    named('moneyOut', 'teachingSalary', r.moneyOut.teachingSalary),
    named('moneyOut', 'otherPayments', r.moneyOut.otherPayments),
    named('revenue', 'total', r.revenue.total),
    named('revenue', 'sessions', r.revenue.sessions),
    named('revenue', 'sideCosts', r.revenue.sideCosts),
    named('revenue', 'contracts', r.revenue.contracts),
    named('atEnd', 'unpaid', r.unpaidTeacherEarnings),
    named('atEnd', 'credit', r.studentCredit),
    row('atEnd', items.owed![language].replace('{count}', String(r.debtors.count)), r.debtors.owed),
    ...r.months.map((m) => ({
      section: sections.month![language],
      item: m.month,
      amount: null,
      moneyIn: m.moneyIn,
      moneyOut: m.moneyOut,
      revenue: m.revenue,
    })),
  ];
}
