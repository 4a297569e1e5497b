import type { FastifyInstance } from 'fastify';
import { contract, formatMessage } from '@tutoria/shared';
import { route } from '../../http/route.ts';
import type { BackupsService } from './backups.service.ts';

export function backupsRoutes(app: FastifyInstance, service: BackupsService): void {
  route(app, contract.backups.overview, () => service.overview());
  route(app, contract.backups.create, async ({ request }) => {
    const backup = await service.backUpNow();
    return {
      isSuccess: true as const,
      message: formatMessage(request.language, 'backupMade', { file: backup.fileName }),
      backup,
    };
  });
}
