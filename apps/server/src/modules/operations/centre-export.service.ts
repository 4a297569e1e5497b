import { writeAudit } from '../../db/audit.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { writeCentreArchive } from '../../lib/centre-export/centre-archive.ts';
import type { ModuleContext } from '../module.ts';

/** Rows read per cursor fetch: one batch in memory at a time. */
export const CENTRE_EXPORT_BATCH_SIZE = 1000;

/**
 * The whole centre as one archive (issue 33): every table in one snapshot (`lib/centre-export`),
 * secrets left out. Audited like a change: who took the centre's data, when, how much.
 */
export function createCentreExportService(ctx: ModuleContext) {
  return {
    async export(user: SessionUser) {
      const archive = await writeCentreArchive(ctx.db, CENTRE_EXPORT_BATCH_SIZE);
      try {
        await ctx.transaction((tx) =>
          writeAudit(tx, {
            actorKey: user.publicKey,
            action: 'export',
            entity: 'centre',
            entityId: archive.snapshotAt,
            after: { tables: archive.tables, rows: archive.totalRows },
          }),
        );
      } catch (error) {
        archive.body.destroy();
        throw error;
      }
      const date = archive.snapshotAt.slice(0, 10);
      return {
        body: archive.body,
        totalRows: archive.totalRows,
        contentType: 'application/zip',
        fileName: `tutoria-centre-${date}.zip`,
      };
    },
  };
}

export type CentreExportService = ReturnType<typeof createCentreExportService>;
