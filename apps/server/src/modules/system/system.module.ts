import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ModuleContext } from '../module.ts';
import { systemRoutes } from './system.routes.ts';

/** Health and the browser's start-up settings. Owns no table. */
export function createSystemModule(ctx: ModuleContext, deps: { database: Database }) {
  return {
    routes: (app: FastifyInstance) => systemRoutes(app, { config: ctx.config, database: deps.database }),
  };
}
