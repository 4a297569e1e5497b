/** Academic records (issue 10): homework, exams, reports, parent links, homework files. Combined in `messages.ts`. */
export const en = {
  // academic records (issue 10)
  scoreNeeded: 'A finished record needs its {attribute}.',
  deadLineBeforeSession: 'The deadline must be after the session starts.',
  lessonNotInClassroom: "This lesson is not one of the class's lessons.",
  lessonHoursLeft: 'This lesson has {left} h left of its {total} h: record at most that.',
  sessionHoursLeft: "This session's other lessons took their share: {left} h of its {total} h are left.",
  recordsLockedByAdmin: 'The admin confirmed this session: only an admin can change its records.',
  sessionHasRecordsOfKind: 'This session already has {kinds}: remove them first.',
  homeworkGiven: 'Homework given.',
  homeworkGraded: 'Homework saved.',
  examSaved: 'Exam saved.',
  examRemoved: 'Exam removed.',
  progressSaved: 'Progress saved.',
  sessionFlagsSaved: 'Saved.',
  recordKindExam: 'exams',
  recordKindHomework: 'homework',
  recordKindReview: 'review records',
  recordKindTeach: 'teaching records',
  // parent report links (issue 10, acad-parent)
  parentLinkCreated: 'Parent link created.',
  parentLinkRevoked: 'Parent link revoked.',
  tooManyReportOpenings: 'Too many report openings from this address: wait a minute and try again.',
  parentLinkExpired: 'This link has expired — ask the centre for a new one.',
  parentLinkWithdrawn:
    'This link was withdrawn by the centre. Ask the centre for a new one if you still need it.',
  parentLinkNotValid:
    'This link is not valid. Check that it was copied whole, or ask the centre for a new one.',
  // homework files (hw-files)
  homeworkFilesAdded: 'Files added.',
  homeworkFileRemoved: 'File removed.',
  homeworkRemoved: 'Homework removed.',
  homeworkIsDone: 'This homework is done: its answer files can no longer change.',
  homeworkFilesFull: 'A homework keeps at most {max} files of each kind (assignment, answer).',
  homeworkFileNotYours: 'Only the one who may change this file can remove it.',
  homeworkDownloadLinkInvalid:
    'This download link has expired or was already used: click the file once more.',
} as const;

export const zh: Record<keyof typeof en, string> = {
  // academic records (issue 10)
  scoreNeeded: '已完成的记录需要填写{attribute}。',
  deadLineBeforeSession: '截止时间必须在课程开始之后。',
  lessonNotInClassroom: '该课程不属于本班级。',
  lessonHoursLeft: '这门课程共 {total} 小时，还剩 {left} 小时：最多记录这么多。',
  sessionHoursLeft: '这节课的其他课程已占用课时：{total} 小时中还剩 {left} 小时。',
  recordsLockedByAdmin: '管理员已确认这节课：只有管理员可以修改其记录。',
  sessionHasRecordsOfKind: '这节课已有{kinds}：请先删除。',
  homeworkGiven: '作业已布置。',
  homeworkGraded: '作业已保存。',
  examSaved: '考试已保存。',
  examRemoved: '考试已删除。',
  progressSaved: '进度已保存。',
  sessionFlagsSaved: '已保存。',
  recordKindExam: '考试',
  recordKindHomework: '作业',
  recordKindReview: '复习记录',
  recordKindTeach: '授课记录',
  // parent report links (issue 10, acad-parent)
  parentLinkCreated: '家长链接已生成。',
  parentLinkRevoked: '家长链接已撤销。',
  tooManyReportOpenings: '此地址打开报告过于频繁：请一分钟后再试。',
  parentLinkExpired: '此链接已过期，请向机构索取新的链接。',
  parentLinkWithdrawn: '此链接已被机构撤回。如仍需要，请向机构索取新的链接。',
  parentLinkNotValid: '此链接无效。请检查链接是否完整复制，或向机构索取新的链接。',
  // homework files (hw-files)
  homeworkFilesAdded: '文件已添加。',
  homeworkFileRemoved: '文件已删除。',
  homeworkRemoved: '作业已删除。',
  homeworkIsDone: '此作业已完成：答案文件不能再更改。',
  homeworkFilesFull: '每个作业的每类文件（作业材料、答案）最多 {max} 个。',
  homeworkFileNotYours: '只有有权更改此文件的人才能删除它。',
  homeworkDownloadLinkInvalid: '此下载链接已过期或已被使用：请再次点击文件。',
};
