import type { FastifyInstance } from 'fastify';
import { contract, EXPORT_TOTAL_ROWS_HEADER } from '@tutoria/shared';
import { sendAttachment } from '../../http/attachment.ts';
import { route } from '../../http/route.ts';
import type { ExportFile, ExportsService } from './exports.service.ts';
import type { GuideService } from './guide.service.ts';
import type { TransfersService } from './transfers.service.ts';

/** Finance exports, the guide for create and the student's own transfers; thin: services check scope. */
export function exportsRoutes(
  app: FastifyInstance,
  s: { exports: ExportsService; guide: GuideService; transfers: TransfersService },
): void {
  const c = contract.financeExports;
  const send = (reply: Parameters<typeof sendAttachment>[0], file: ExportFile) =>
    sendAttachment(reply, { ...file, headers: { [EXPORT_TOTAL_ROWS_HEADER]: file.totalRows } });
  route(app, c.exportDeposits, async ({ user, body, request, reply }) =>
    send(reply, await s.exports.deposits(user, body, request.language)),
  );
  route(app, c.exportTransfers, async ({ user, query, request, reply }) =>
    send(reply, await s.exports.transfers(user, query, request.language)),
  );
  route(app, c.exportBalances, async ({ user, body, request, reply }) =>
    send(reply, await s.exports.balances(user, body, request.language)),
  );
  route(app, c.exportSideCosts, async ({ user, body, request, reply }) =>
    send(reply, await s.exports.sideCosts(user, body, request.language)),
  );
  route(app, c.exportSettlements, async ({ body, request, reply }) =>
    send(reply, await s.exports.settlements(body, request.language)),
  );
  route(app, c.exportContracts, async ({ user, body, request, reply }) =>
    send(reply, await s.exports.contracts(user, body, request.language)),
  );
  route(app, c.exportTeachersBalance, async ({ query, request, reply }) =>
    send(reply, await s.exports.teachersBalance(query, request.language)),
  );
  route(app, c.guide, ({ user, query }) =>
    s.guide.forCreate(user, query.studentPublicKey, query.classroomId),
  );
  route(app, c.ownTransfers, ({ user, query }) => s.transfers.own(user, query));
}
