import type { FastifyInstance } from 'fastify';
import { contract } from '@tutoria/shared';
import { route, said } from '../../http/route.ts';
import type { ConfirmStep } from './confirmation-workflow.ts';
import type { TransfersService } from './transfers.service.ts';

/** Finance: transfers (SPEC §7), thin: the service checks scope and rules. */
export function transfersRoutes(app: FastifyInstance, transfers: TransfersService): void {
  const c = contract.transfers;
  route(app, c.list, ({ user, query }) => transfers.list(user, query));
  route(app, c.create, async ({ user, body, request }) => ({ ...said(request, 'transferSaved'), transfer: await transfers.create(user, body) }));
  route(app, c.edit, async ({ user, body, request }) => ({ ...said(request, 'transferSaved'), transfer: await transfers.edit(user, body) }));
  route(app, c.delete, async ({ user, body, request }) => {
    await transfers.delete(user, body.transferId);
    return said(request, 'transferDeleted');
  });
  const confirmations: [typeof c.confirm, ConfirmStep][] = [
    [c.confirm, 'direct'],
    [c.confirmByConsultant, 'consultant'],
    [c.confirmByFinancialAdmin, 'financialAdmin'],
  ];
  for (const [entry, step] of confirmations) {
    route(app, entry, async ({ user, body, request }) => {
      const done = await transfers.confirm(user, body, step);
      return { ...said(request, done.confirmed ? 'transferConfirmed' : 'transferConfirmationRecorded'), transfer: done.transfer };
    });
  }
  route(app, c.reverse, async ({ user, body, request }) => ({
    ...said(request, 'transferReversed'),
    transfer: await transfers.reverse(user, body.transferId, body.reason),
  }));
  route(app, c.classroomBalance, ({ user, query }) => transfers.classroomBalance(user, query.studentPublicKey));
}
