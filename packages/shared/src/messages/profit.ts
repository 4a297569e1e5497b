/** Profit per class and per academic consultant (issue 28). */
export const en = {
  profitPeriodOrder: 'The start of the period must not be after its end.',
  profitPercentRange: 'The share must be a percent from 0 to 100.',
  profitNotConsultant: 'This person is not an academic consultant: only a consultant has a share of profit.',
  consultantShareSet: "{name}'s share is now {percent}%.",
};

export const zh: Record<keyof typeof en, string> = {
  profitPeriodOrder: '期间的开始日期不能晚于结束日期。',
  profitPercentRange: '分成比例必须是 0 到 100 之间的百分比。',
  profitNotConsultant: '此人不是学术顾问：只有顾问才有利润分成。',
  consultantShareSet: '{name} 的分成比例现为 {percent}%。',
};
