/** Backups (issue 33). Combined in `messages.ts`. */
export const en = {
  backupMade: 'The backup is made: {file}.',
  backupFailed: 'The backup could not be made: {reason}',
};

export const zh: Record<keyof typeof en, string> = {
  backupMade: '备份已完成：{file}。',
  backupFailed: '备份未能完成：{reason}',
};
