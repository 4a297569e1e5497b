import type { FastifyInstance } from 'fastify';
import { contract } from '@tutoria/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { route } from '../../http/route.ts';

export function systemRoutes(app: FastifyInstance, { config, database }: { config: Config; database: Database }): void {
  route(app, contract.system.health, async ({ reply }) => {
    const databaseAnswers = await database.ping();
    if (!databaseAnswers) reply.status(503);
    return {
      status: databaseAnswers ? ('ok' as const) : ('degraded' as const),
      database: database.kind,
      databaseAnswers,
      time: Math.floor(Date.now() / 1000),
    };
  });
  route(app, contract.system.clientConfig, async () => ({
    appName: config.appName,
    applicationId: config.webApplicationId,
    applicationSecret: config.signingApps.get(config.webApplicationId)!,
    defaultLanguage: config.defaultLanguage,
    timeZone: config.timeZone,
    currency: config.currency,
    maxUploadBytes: config.maxUploadBytes,
    centre: config.centre,
  }));
}
