/** Failed background work and the centre's export (issue 33). Combined in `messages.ts`. */
export const en = {
  jobRetried: 'The job is queued again.',
  jobDiscarded: 'The job is discarded.',
  jobNotFailed: 'This job is not failed (any more): it can be retried or discarded only while it is failed.',
};

export const zh: Record<keyof typeof en, string> = {
  jobRetried: '该任务已重新排队。',
  jobDiscarded: '该任务已丢弃。',
  jobNotFailed: '该任务（已）不是失败状态：只有失败的任务才能重试或丢弃。',
};
