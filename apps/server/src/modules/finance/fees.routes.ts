import type { FastifyInstance } from 'fastify';
import { contract } from '@tutoria/shared';
import { route, said } from '../../http/route.ts';
import type { DebtorsService } from './debtors.service.ts';
import type { SideCostsService } from './side-costs.service.ts';
import type { TeacherFeesService } from './teacher-fees.service.ts';
import type { TeacherSalaryService } from './teacher-salary.service.ts';

export interface FeesServices {
  teacherFees: TeacherFeesService;
  teacherSalary: TeacherSalaryService;
  sideCosts: SideCostsService;
  debtors: DebtorsService;
}

/** Teacher fees, a class's teacher salary, students' side costs and debtors (thin: the services do the work). */
export function feesRoutes(app: FastifyInstance, { teacherFees, teacherSalary, sideCosts, debtors }: FeesServices): void {
  const fees = contract.teacherFees;
  route(app, fees.list, ({ body }) => teacherFees.list(body));
  route(app, fees.upsert, async ({ user, body, request }) => ({
    ...said(request, 'teacherFeeSaved'),
    teacherFee: await teacherFees.upsert(user, body),
  }));
  route(app, fees.delete, async ({ user, body, request }) => {
    await teacherFees.delete(user, body.teacherFeeId);
    return said(request, 'teacherFeeDeleted');
  });
  route(app, contract.teacherSalary.get, ({ user, query }) => teacherSalary.get(user, query.classroomId));
  route(app, contract.teacherSalary.edit, async ({ user, body, request }) => ({
    ...said(request, 'teacherSalarySaved'),
    salary: await teacherSalary.edit(user, body),
  }));
  route(app, contract.sideCosts.list, ({ user, query }) => sideCosts.list(user, query.classroomId));
  route(app, contract.sideCosts.all, ({ user, body }) => sideCosts.all(user, body));
  route(app, contract.sideCosts.upsert, async ({ user, body, request }) => ({
    ...said(request, 'sideCostsSaved'),
    ...(await sideCosts.upsert(user, body)),
  }));
  route(app, contract.debtors.list, ({ user, body }) => debtors.list(user, body));
  route(app, contract.debtors.balances, ({ user, body }) => debtors.list(user, body, 'balances'));
}
