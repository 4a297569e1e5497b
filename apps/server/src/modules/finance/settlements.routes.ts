import type { FastifyInstance } from 'fastify';
import { contract, formatMessage, formatMoneyIn } from '@tutoria/shared';
import { route, said } from '../../http/route.ts';
import type { SettlementReportsService } from './settlement-reports.service.ts';
import type { SettlementsService } from './settlements.service.ts';

/** Teacher settlements (SPEC §7), thin: the services check the rules; success texts are said here. */
export function settlementsRoutes(
  app: FastifyInstance,
  services: { settlements: SettlementsService; reports: SettlementReportsService; currency: string },
): void {
  const { settlements, reports, currency } = services;
  const c = contract.settlements;
  route(app, c.own, ({ user, body }) => reports.own(user, body));
  route(app, c.list, ({ body }) => reports.list(body));
  route(app, c.create, async ({ user, body, request }) => {
    const done = await settlements.create(user, body);
    return { ...said(request, done.paid ? 'settlementSavedAndPaid' : 'settlementSaved'), settlement: done.settlement };
  });
  route(app, c.edit, async ({ user, body, request }) => ({ ...said(request, 'settlementSaved'), settlement: await settlements.edit(user, body) }));
  route(app, c.delete, async ({ user, body, request }) => {
    await settlements.delete(user, body.settlementId);
    return said(request, 'settlementDeleted');
  });
  route(app, c.pay, async ({ user, body, request }) => ({ ...said(request, 'settlementPaid'), settlement: await settlements.pay(user, body.settlementId) }));
  route(app, c.reverse, async ({ user, body, request }) => ({
    ...said(request, 'settlementReversed'),
    settlement: await settlements.reverse(user, body.settlementId, body.reason),
  }));
  route(app, c.guide, ({ query }) => reports.guide(query));
  route(app, c.groupGuide, ({ body }) => reports.groupGuide(body));
  route(app, c.groupCreate, async ({ user, body, request }) => {
    const done = await settlements.groupCreate(user, body);
    const values = { count: done.settlements.length, amount: formatMoneyIn(done.amount, currency, request.language) };
    const message = formatMessage(request.language, body.pay ? 'settlementGroupPaid' : 'settlementGroupSaved', values);
    return { isSuccess: true as const, message, groupId: done.groupId, settlements: done.settlements, amount: Number(done.amount) };
  });
  route(app, c.teacherSum, ({ query }) => reports.teacherSum(query.teacherPublicKey));
  route(app, c.allTeachersSum, ({ query }) => reports.allTeachersSum(query.lessonType));
  route(app, c.classroomBalance, ({ query }) => reports.classroomBalance(query));
  route(app, c.teacherReport, ({ query }) => reports.teacherReport(query.teacherPublicKey, query.year));
  route(app, c.history, ({ query }) => reports.history(query));
  route(app, c.monthlyHours, ({ query }) => reports.monthlyHours(query));
  route(app, c.myEarnings, ({ user, query }) => reports.myEarnings(user, query.year));
}
