/** The financial report (issue 28). Combined in `messages.ts`. */
export const en = {
  financialReportDay: 'The start and the end of the period must be dates (YYYY-MM-DD).',
  financialReportPeriodOrder: 'The end of the period must not be before its start.',
};

export const zh: Record<keyof typeof en, string> = {
  financialReportDay: '期间的开始和结束必须是日期（YYYY-MM-DD）。',
  financialReportPeriodOrder: '期间的结束日期不能早于开始日期。',
};
