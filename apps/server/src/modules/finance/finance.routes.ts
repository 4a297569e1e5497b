import type { FastifyInstance } from 'fastify';
import { contract, formatMessage } from '@tutoria/shared';
import { route, said } from '../../http/route.ts';
import type { BalancesService } from './balances.service.ts';
import type { ConfirmStep } from './confirmation-workflow.ts';
import type { DepositsService } from './deposits.service.ts';
import type { PricesService } from './prices.service.ts';
import type { ReservationService } from './reservation.service.ts';

interface FinanceServices {
  deposits: DepositsService;
  balances: BalancesService;
  prices: PricesService;
  reservation: ReservationService;
}

export function financeRoutes(app: FastifyInstance, services: FinanceServices): void {
  const c = contract.deposits;
  const { deposits, balances, prices, reservation } = services;
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
  route(app, c.classroomCharges, async ({ user, query, request }) => {
    const charges = await reservation.classroomCharges(user, query.classroomId);
    return { students: charges.students, warning: charges.notEnough ? formatMessage(request.language, 'financeNotEnough') : null };
  });
  const fixed = (request: Parameters<typeof said>[0], classrooms: Awaited<ReturnType<ReservationService['fixAll']>>) => {
    const changed = classrooms.reduce((n, r) => n + r.changedSessionIds.length, 0);
    return { isSuccess: true as const, message: formatMessage(request.language, 'reservationFixed', { changed }), classrooms };
  };
  route(app, c.fixConfirmation, async ({ user, body, request }) => fixed(request, await reservation.fixOne(user, body.classroomId)));
  route(app, c.fixConfirmationForAll, async ({ user, request }) => fixed(request, await reservation.fixAll(user)));
  route(app, contract.prices.editStudentsCost, async ({ user, body, request }) => ({
    ...said(request, 'pricesSaved'),
    balances: await prices.editStudentsCost(user, body),
  }));
}
