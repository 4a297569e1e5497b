import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { createDashboardService } from './dashboard.service.ts';

/**
 * The dashboard (issue 29): a composition module like `students`. Owns no table; reads sessions
 * over scheduling's `sessionsView`, new students through the users module's port and money
 * through finance's (`monthMoneyOf`), each within the reach policy's answer for the caller.
 */
export function createDashboardModule(ctx: ModuleContext) {
  const service = createDashboardService(ctx);
  return {
    service,
    routes(app: FastifyInstance) {
      dashboardRoutes(app, service);
    },
  };
}

export type DashboardModule = ReturnType<typeof createDashboardModule>;
