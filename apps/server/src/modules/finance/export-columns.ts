import { type Language, type LessonType, lessonTypeLabel } from '@tutoria/shared';
import type { SheetColumn } from '../../lib/sheet-stream.ts';
import type { ContractExportRow } from './contracts.repo.ts';
import type { DebtorRow } from './debtors.repo.ts';
import type { DepositExportRow } from './deposits.repo.ts';
import type { TeacherSumRow } from './settlement-reports.repo.ts';
import type { SettlementExportRow } from './settlements.repo.ts';
import type { SideCostListRow } from './side-costs-list.repo.ts';
import type { TransferExportRow } from './transfers.repo.ts';

/** The columns of the finance exports (SPEC §7 Exports), headers and enum values in en and zh. */
export type Labels = Record<string, Record<Language, string>>;

const states: Labels = {
  waiting: { en: 'Waiting', zh: '待确认' },
  confirmed: { en: 'Confirmed', zh: '已确认' },
  reversed: { en: 'Reversed', zh: '已冲销' },
};
/** Payment methods' names in en and zh (also the financial report's). */
export const paymentMethods: Labels = {
  BankCardTransfer: { en: 'Bank card transfer', zh: '银行卡转账' },
  POS: { en: 'POS', zh: 'POS 机' },
  Cash: { en: 'Cash', zh: '现金' },
  Alipay: { en: 'Alipay', zh: '支付宝' },
  Wechat: { en: 'WeChat Pay', zh: '微信支付' },
};
const depositTypes: Labels = {
  Classroom: { en: 'Class', zh: '班级' },
  Wallet: { en: 'Wallet', zh: '钱包' },
  Contract: { en: 'Contract', zh: '合同' },
};

export const exportNames = {
  deposits: { en: 'Deposits', zh: '缴费' },
  transfers: { en: 'Transfers', zh: '转班' },
  balances: { en: 'Students balance', zh: '学生余额' },
  sideCosts: { en: 'Side costs', zh: '附加费用' },
  settlements: { en: 'Settlements', zh: '教师结算' },
  contracts: { en: 'Contracts', zh: '合同' },
  teachersBalance: { en: 'Teachers balance', zh: '教师余额' },
} satisfies Labels;

export const label = (labels: Labels, value: string, language: Language) => labels[value]?.[language] ?? value;

export function depositColumns(language: Language): SheetColumn<DepositExportRow>[] {
  return [
    { header: { en: 'Student', zh: '学生' }, kind: 'text', width: 24, value: (r) => r.studentName },
    { header: { en: 'Consultant', zh: '顾问' }, kind: 'text', width: 24, value: (r) => r.consultantName },
    { header: { en: 'Class', zh: '班级' }, kind: 'text', width: 28, value: (r) => r.classroomName },
    { header: { en: 'Amount', zh: '金额' }, kind: 'money', width: 14, value: (r) => r.amount },
    { header: { en: 'Discount', zh: '优惠' }, kind: 'money', width: 12, value: (r) => r.discountValue },
    {
      header: { en: 'Payment method', zh: '付款方式' },
      kind: 'text',
      width: 18,
      value: (r) => label(paymentMethods, r.paymentMethod, language),
    },
    {
      header: { en: 'Deposit type', zh: '缴费类型' },
      kind: 'text',
      width: 12,
      value: (r) => label(depositTypes, r.depositType, language),
    },
    {
      header: { en: 'State', zh: '状态' },
      kind: 'text',
      width: 12,
      value: (r) => label(states, r.state, language),
    },
    { header: { en: 'Charged at', zh: '付款时间' }, kind: 'time', width: 18, value: (r) => r.chargeAt },
    { header: { en: 'Confirmed at', zh: '确认时间' }, kind: 'time', width: 18, value: (r) => r.confirmedAt },
    { header: { en: 'Recorded at', zh: '录入时间' }, kind: 'time', width: 18, value: (r) => r.createMoment },
  ];
}

export function transferColumns(language: Language): SheetColumn<TransferExportRow>[] {
  return [
    { header: { en: 'Student', zh: '学生' }, kind: 'text', width: 24, value: (r) => r.studentName },
    { header: { en: 'From class', zh: '转出班级' }, kind: 'text', width: 28, value: (r) => r.sourceName },
    {
      header: { en: 'From teacher', zh: '转出教师' },
      kind: 'text',
      width: 22,
      value: (r) => r.sourceTeacherName,
    },
    { header: { en: 'To class', zh: '转入班级' }, kind: 'text', width: 28, value: (r) => r.destinationName },
    {
      header: { en: 'To teacher', zh: '转入教师' },
      kind: 'text',
      width: 22,
      value: (r) => r.destinationTeacherName,
    },
    { header: { en: 'Amount', zh: '金额' }, kind: 'money', width: 14, value: (r) => r.amount },
    {
      header: { en: 'Charge per hour', zh: '转出每小时费用' },
      kind: 'money',
      width: 14,
      value: (r) => r.chargePerHour,
    },
    {
      header: { en: 'Hours (from)', zh: '转出课时' },
      kind: 'number',
      width: 12,
      value: (r) => r.sourceHours,
    },
    {
      header: { en: 'Income per hour', zh: '转入每小时收入' },
      kind: 'money',
      width: 14,
      value: (r) => r.incomePerHour,
    },
    {
      header: { en: 'Hours (to)', zh: '转入课时' },
      kind: 'number',
      width: 12,
      value: (r) => r.destinationHours,
    },
    {
      header: { en: 'State', zh: '状态' },
      kind: 'text',
      width: 12,
      value: (r) => label(states, r.state, language),
    },
    { header: { en: 'Recorded at', zh: '录入时间' }, kind: 'time', width: 18, value: (r) => r.createMoment },
    { header: { en: 'Description', zh: '说明' }, kind: 'text', width: 32, value: (r) => r.description },
  ];
}

export function balanceColumns(): SheetColumn<Omit<DebtorRow, 'totalCount'>>[] {
  return [
    { header: { en: 'Student', zh: '学生' }, kind: 'text', width: 24, value: (r) => r.studentName },
    { header: { en: 'Consultant', zh: '顾问' }, kind: 'text', width: 24, value: (r) => r.consultantName },
    { header: { en: 'Class', zh: '班级' }, kind: 'text', width: 28, value: (r) => r.classroomName },
    { header: { en: 'Paid', zh: '已付' }, kind: 'money', width: 14, value: (r) => r.paid },
    { header: { en: 'Used', zh: '已用' }, kind: 'money', width: 14, value: (r) => r.used },
    { header: { en: 'Owed', zh: '欠款' }, kind: 'money', width: 14, value: (r) => r.amountOwed },
    { header: { en: 'Hours owed', zh: '欠课时' }, kind: 'number', width: 12, value: (r) => r.hoursOwed },
    { header: { en: 'Remaining', zh: '余额' }, kind: 'money', width: 14, value: (r) => r.remaining },
    { header: { en: 'Hours left', zh: '剩余课时' }, kind: 'number', width: 12, value: (r) => r.balanceInHour },
  ];
}

// Side costs, settlements, contracts and teachers' balance (issue 28): money and hours as number cells.
const settlementTypes: Labels = {
  TeachingSalary: { en: 'Teaching salary', zh: '课酬' },
  OtherPayments: { en: 'Other payment', zh: '其他付款' },
};
const settlementStates: Labels = {
  waiting: { en: 'Waiting', zh: '待支付' },
  paid: { en: 'Paid', zh: '已支付' },
  reversed: { en: 'Reversed', zh: '已冲销' },
};
const contractTypes: Labels = {
  ApplicationForIndependentSchools: { en: 'Independent school application', zh: '私立学校申请' },
  ApplicationForUniversities: { en: 'University application', zh: '大学申请' },
  ProjectsOrAcademicConferences: { en: 'Projects or academic conferences', zh: '项目或学术会议' },
};

const student = { header: { en: 'Student', zh: '学生' }, kind: 'text', width: 24 } as const;
const consultant = { header: { en: 'Consultant', zh: '顾问' }, kind: 'text', width: 24 } as const;
const recorded = { header: { en: 'Recorded at', zh: '录入时间' }, kind: 'time', width: 18 } as const;
const money = (en: string, zh: string) => ({ header: { en, zh }, kind: 'money', width: 14 }) as const;

export function sideCostColumns(): SheetColumn<SideCostListRow>[] {
  return [
    { ...student, value: (r) => r.studentName },
    { ...consultant, value: (r) => r.consultantName },
    { header: { en: 'Class', zh: '班级' }, kind: 'text', width: 28, value: (r) => r.classroomName },
    { header: { en: 'Title', zh: '名称' }, kind: 'text', width: 28, value: (r) => r.title },
    { ...money('Amount', '金额'), value: (r) => r.amount },
    { ...recorded, value: (r) => r.createMoment },
  ];
}

const settlementState = (r: SettlementExportRow) =>
  r.reversedAt !== null ? 'reversed' : r.confirmedAt !== null ? 'paid' : 'waiting';

export function settlementColumns(language: Language): SheetColumn<SettlementExportRow>[] {
  return [
    { header: { en: 'Teacher', zh: '教师' }, kind: 'text', width: 24, value: (r) => r.teacherName },
    {
      header: { en: 'Type', zh: '类型' },
      kind: 'text',
      width: 16,
      value: (r) => label(settlementTypes, r.settlementType, language),
    },
    { header: { en: 'Class', zh: '班级' }, kind: 'text', width: 28, value: (r) => r.classroomName },
    {
      header: { en: 'Lesson type', zh: '课程类型' },
      kind: 'text',
      width: 20,
      value: (r) => (r.lessonType ? lessonTypeLabel(r.lessonType as LessonType, language) : null),
    },
    { ...money('Amount', '金额'), value: (r) => r.amount },
    { header: { en: 'Sessions', zh: '课次' }, kind: 'number', width: 10, value: (r) => r.sessionCount },
    { header: { en: 'Hours', zh: '课时' }, kind: 'number', width: 10, value: (r) => r.hours },
    { header: { en: 'From', zh: '开始日期' }, kind: 'time', width: 18, value: (r) => r.fromTime },
    { header: { en: 'To', zh: '结束日期' }, kind: 'time', width: 18, value: (r) => r.toTime },
    {
      header: { en: 'State', zh: '状态' },
      kind: 'text',
      width: 12,
      value: (r) => label(settlementStates, settlementState(r), language),
    },
    { header: { en: 'Paid at', zh: '支付时间' }, kind: 'time', width: 18, value: (r) => r.confirmedAt },
    { header: { en: 'Description', zh: '说明' }, kind: 'text', width: 32, value: (r) => r.description },
    { ...recorded, value: (r) => r.createMoment },
  ];
}

export function contractColumns(language: Language): SheetColumn<ContractExportRow>[] {
  return [
    { ...student, value: (r) => r.studentName },
    { ...consultant, value: (r) => r.consultantName },
    {
      header: { en: 'Contract type', zh: '合同类型' },
      kind: 'text',
      width: 28,
      value: (r) => label(contractTypes, r.contractType, language),
    },
    { ...money('Value', '合同金额'), value: (r) => r.contractValue },
    { ...money('Additional contracts', '附加合同'), value: (r) => r.additionalValue },
    { ...money('Discount', '优惠'), value: (r) => r.discountValue },
    { ...money('To pay', '应付'), value: (r) => r.total },
    { ...money('Paid', '已付'), value: (r) => r.paid },
    { ...money('Waiting', '待确认'), value: (r) => r.waiting },
    { ...money('Balance', '余额'), value: (r) => r.balance },
    { header: { en: 'Payments', zh: '付款笔数' }, kind: 'number', width: 10, value: (r) => r.paymentCount },
    { ...recorded, value: (r) => r.createMoment },
  ];
}

export function teacherBalanceColumns(): SheetColumn<TeacherSumRow>[] {
  return [
    { header: { en: 'Teacher', zh: '教师' }, kind: 'text', width: 24, value: (r) => r.teacherName },
    { header: { en: 'Sessions held', zh: '已上课次' }, kind: 'number', width: 12, value: (r) => r.sessionCount },
    { header: { en: 'Hours', zh: '课时' }, kind: 'number', width: 10, value: (r) => r.hours },
    { ...money('Earned', '已挣得'), value: (r) => r.earned },
    { ...money('Paid', '已支付'), value: (r) => r.paid },
    { ...money('Unpaid', '未支付'), value: (r) => r.unpaid },
    { ...money('Other payments', '其他付款'), value: (r) => r.otherPayments },
    { ...money('In waiting settlements', '待支付结算中'), value: (r) => r.waiting },
  ];
}
