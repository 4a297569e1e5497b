import { backupMade, backupOverview } from '../schemas/backups.ts';
import { defineEndpoint } from './define.ts';

/** Backups (issue 33): the Admin's settings page. No endpoint serves a backup file's content. */
export const backupsContract = {
  overview: defineEndpoint({
    name: 'backups.overview',
    method: 'GET',
    path: 'backup/list',
    response: backupOverview,
    access: 'backups.manage',
    summary:
      'The backups in BACKUP_DIR (name, time, size, kind, encrypted), the nightly schedule, the last backup and whether the last nightly one failed.',
  }),
  create: defineEndpoint({
    name: 'backups.create',
    method: 'POST',
    path: 'backup/create',
    response: backupMade,
    access: 'backups.manage',
    summary: 'Makes a backup now (kind manual) and answers its entry; the file stays on the server.',
  }),
};
