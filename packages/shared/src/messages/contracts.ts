/** Contracts and their payments (issue 28). Combined in `messages.ts`. */
export const en = {
  contractSaved: 'Contract saved.',
  contractDeleted: 'Contract deleted.',
  contractHasPayments: 'This contract has payments ({count}), so it can not be deleted: its money history is kept.',
  contractStudentHasPayments: 'This contract has payments from its student: its student can not be changed.',
  contractDiscountAboveTotal: 'The discount can not be more than the contract value with its additional contracts ({total}).',
  contractNotAStudent: 'A contract is for a student.',
  contractFileAttached: 'Contract file attached.',
  contractFileRemoved: 'Contract file removed.',
  contractFileLinkInvalid: 'This download link has expired or was already used: click the file once more.',
  // a contract's payments are deposits of type Contract
  depositContractOfStudent: 'This contract is not one of this student’s contracts.',
  depositContractNoDiscount: 'A contract payment has no discount of its own: the discount is set on the contract.',
  depositContractNoClassroom: 'A contract payment is for the contract, not for a class.',
  depositClassroomNoContract: 'Only a deposit of type Contract pays a contract.',
} as const;

export const zh: Record<keyof typeof en, string> = {
  contractSaved: '合同已保存。',
  contractDeleted: '合同已删除。',
  contractHasPayments: '此合同已有付款记录（{count} 笔），不能删除：其资金历史需要保留。',
  contractStudentHasPayments: '此合同已有该学生的付款：不能更改其学生。',
  contractDiscountAboveTotal: '优惠不能超过合同金额与附加合同之和（{total}）。',
  contractNotAStudent: '合同只能签给学生。',
  contractFileAttached: '合同文件已上传。',
  contractFileRemoved: '合同文件已删除。',
  contractFileLinkInvalid: '此下载链接已过期或已被使用：请再次点击文件。',
  depositContractOfStudent: '此合同不属于该学生。',
  depositContractNoDiscount: '合同付款本身没有优惠：优惠在合同上设置。',
  depositContractNoClassroom: '合同付款是为合同支付的，不属于任何班级。',
  depositClassroomNoContract: '只有类型为“合同”的缴费才能支付合同。',
};
