import type { FastifyInstance } from 'fastify';
import { contract } from '@tutoria/shared';
import { route } from '../../http/route.ts';
import type { DashboardService } from './dashboard.service.ts';

export function dashboardRoutes(app: FastifyInstance, s: DashboardService): void {
  route(app, contract.dashboard.get, ({ user }) => s.get(user));
}
