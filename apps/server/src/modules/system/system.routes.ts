import type { FastifyInstance } from 'fastify';
import { contract, zoneOffsetsBetween, type ZoneOffsets } from '@tutoria/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { route } from '../../http/route.ts';

const YEAR_SECONDS = 365.25 * 86_400;

/** The centre zone's offsets from 2015 to ten years ahead, worked out on first use (≈ 30 ms). */
function centreZoneOffsets(timeZone: string): () => ZoneOffsets {
  let table: ZoneOffsets | undefined;
  return () =>
    (table ??= zoneOffsetsBetween(
      timeZone,
      Date.UTC(2015, 0, 1) / 1000,
      Math.floor(Date.now() / 1000 + 10 * YEAR_SECONDS),
    ));
}

export function systemRoutes(app: FastifyInstance, { config, database }: { config: Config; database: Database }): void {
  const timeZoneOffsets = centreZoneOffsets(config.timeZone);
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
    timeZoneOffsets: timeZoneOffsets(),
    currency: config.currency,
    maxUploadBytes: config.maxUploadBytes,
    centre: config.centre,
  }));
}
