import { type Language, type LessonType, lessonTypeLabel } from '@tutoria/shared';
import type { SheetColumn } from '../../lib/sheet-stream.ts';
import type { ContractExportRow } from './contracts.repo.ts';
import { label, type Labels } from './export-columns.ts';
import type { TeacherSumRow } from './settlement-reports.repo.ts';
import type { SettlementExportRow } from './settlements.repo.ts';
import type { SideCostListRow } from './side-costs-list.repo.ts';

/**
 * The columns of issue 28's exports (SPEC §7 Exports): side costs, settlements, contracts and
 * teachers' balance; headers and enum values in en and zh, money and hours as number cells.
 */
export const moreExportNames = {
  sideCosts: { en: 'Side costs', zh: '附加费用' },
  settlements: { en: 'Settlements', zh: '教师结算' },
  contracts: { en: 'Contracts', zh: '合同' },
  teachersBalance: { en: 'Teachers balance', zh: '教师余额' },
} satisfies Labels;

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
