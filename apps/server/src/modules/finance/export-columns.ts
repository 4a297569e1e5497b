import type { Language } from '@tutoria/shared';
import type { SheetColumn } from '../../lib/sheet-stream.ts';
import type { DebtorRow } from './debtors.repo.ts';
import type { DepositExportRow } from './deposits.repo.ts';
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
