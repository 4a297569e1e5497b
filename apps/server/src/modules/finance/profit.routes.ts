import type { FastifyInstance } from 'fastify';
import { contract, formatMessage } from '@tutoria/shared';
import { route } from '../../http/route.ts';
import type { ProfitService } from './profit.service.ts';

/** Profit per class and per academic consultant (issue 28), thin: the service reads the ledger. */
export function profitRoutes(app: FastifyInstance, profit: ProfitService): void {
  const c = contract.profit;
  route(app, c.classes, ({ body }) => profit.classes(body));
  route(app, c.classSessions, ({ query }) => profit.classSessions(query));
  route(app, c.consultants, ({ query }) => profit.consultants(query));
  route(app, c.consultantClasses, ({ query }) => profit.consultantClasses(query));
  route(app, c.setShare, async ({ user, body, request }) => {
    const done = await profit.setShare(user, body);
    const message = formatMessage(request.language, 'consultantShareSet', { name: done.name, percent: done.percent });
    return { isSuccess: true as const, message, consultantPublicKey: body.consultantPublicKey, percent: done.percent };
  });
}
