/** Teacher settlements (issue 28). Combined in `messages.ts`. */
export const en = {
  settlementSaved: 'Settlement saved.',
  settlementSavedAndPaid: 'Settlement saved and paid.',
  settlementDeleted: 'Settlement deleted: its sessions are unpaid again.',
  settlementPaid: 'Settlement paid.',
  settlementReversed: 'Settlement reversed: its sessions are unpaid again.',
  settlementIsPaid: 'This settlement is paid: it can not be edited or deleted; reverse it instead.',
  settlementAlreadyPaid: 'This settlement is already paid.',
  settlementNotPaid: 'Only a paid settlement can be reversed.',
  settlementAlreadyReversed: 'This settlement is already reversed.',
  settlementPeriodOrder: '{attribute} must be before the end of the period.',
  settlementOtherHasNoSessions: 'An other payment pays no sessions.',
  settlementNothingEarned: 'There are no earnings to settle for this teacher in this period.',
  settlementSessionsTaken:
    'Some of the chosen sessions are in another settlement now, or no longer earned: open the guide again.',
  settlementAmountNotEarned: 'The amount must be what the chosen sessions earned ({earned}).',
  settlementEarningsChanged:
    "What this settlement's sessions earn has changed since it was made (a salary or a confirmation changed): delete it and make it again from the guide.",
  settlementGroupChanged:
    "{teacher}'s earnings to settle are no longer {expected} but {actual}: open the group guide again. Nothing was saved.",
  settlementGroupSaved: '{count} settlements saved ({amount}).',
  settlementGroupPaid: '{count} settlements paid ({amount}).',
  settlementClassOfTeacher: 'This class is not one of this teacher’s classes.',
};

export const zh: Record<keyof typeof en, string> = {
  settlementSaved: '结算已保存。',
  settlementSavedAndPaid: '结算已保存并已支付。',
  settlementDeleted: '结算已删除：其课次重新变为未结算。',
  settlementPaid: '结算已支付。',
  settlementReversed: '结算已冲销：其课次重新变为未结算。',
  settlementIsPaid: '此结算已支付：不能编辑或删除，请改为冲销。',
  settlementAlreadyPaid: '此结算已支付。',
  settlementNotPaid: '只有已支付的结算才能冲销。',
  settlementAlreadyReversed: '此结算已冲销。',
  settlementPeriodOrder: '{attribute}必须早于结算期的结束日期。',
  settlementOtherHasNoSessions: '其他付款不包含课次。',
  settlementNothingEarned: '该教师在此期间没有待结算的课酬。',
  settlementSessionsTaken: '所选课次中有些已在其他结算中，或已不再计酬：请重新打开结算向导。',
  settlementAmountNotEarned: '金额必须等于所选课次的课酬（{earned}）。',
  settlementEarningsChanged: '此结算所含课次的课酬自创建以来已变化（薪酬或确认状态有变）：请删除后从向导重新创建。',
  settlementGroupChanged: '{teacher} 的待结算课酬已不是 {expected}，而是 {actual}：请重新打开批量结算向导。未保存任何内容。',
  settlementGroupSaved: '已保存 {count} 笔结算（{amount}）。',
  settlementGroupPaid: '已支付 {count} 笔结算（{amount}）。',
  settlementClassOfTeacher: '此班级不是该教师的班级。',
};
