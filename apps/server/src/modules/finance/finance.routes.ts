import type { FastifyInstance } from 'fastify';
import { contract } from '@tutoria/shared';
import { route, said } from '../../http/route.ts';
import type { BalancesService } from './balances.service.ts';
import type { ConfirmStep, DepositsService } from './deposits.service.ts';

export function financeRoutes(app: FastifyInstance, services: { deposits: DepositsService; balances: BalancesService }): void {
  const c = contract.deposits;
  const { deposits, balances } = services;
  route(app, c.list, ({ user, body }) => deposits.list(user, body));
  route(app, c.sums, ({ user, body }) => deposits.sums(user, body));
  route(app, c.own, ({ user, query }) => deposits.own(user, query));
  route(app, c.create, async ({ user, body, request }) => ({
    ...said(request, 'depositSaved'),
    deposit: await deposits.create(user, body),
  }));
  route(app, c.edit, async ({ user, body, request }) => ({
    ...said(request, 'depositSaved'),
    deposit: await deposits.edit(user, body),
  }));
  route(app, c.delete, async ({ user, body, request }) => {
    await deposits.delete(user, body.depositId);
    return said(request, 'depositDeleted');
  });
  const confirmations: [typeof c.confirm, ConfirmStep][] = [
    [c.confirm, 'direct'],
    [c.confirmByConsultant, 'consultant'],
    [c.confirmByFinancialAdmin, 'financialAdmin'],
  ];
  for (const [entry, step] of confirmations) {
    route(app, entry, async ({ user, body, request }) => {
      const done = await deposits.confirm(user, body, step);
      return { ...said(request, done.confirmed ? 'depositConfirmed' : 'depositConfirmationRecorded'), deposit: done.deposit };
    });
  }
  route(app, c.reverse, async ({ user, body, request }) => ({
    ...said(request, 'depositReversed'),
    deposit: await deposits.reverse(user, body.depositId, body.reason),
  }));
  route(app, c.history, ({ user, query }) => deposits.history(user, query.depositId));
  route(app, c.studentBalance, ({ user, query }) => balances.ofStudent(user, query.studentPublicKey));
  route(app, c.ownBalance, ({ user }) => balances.own(user));
}
