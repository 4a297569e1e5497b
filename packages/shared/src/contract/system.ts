import { clientConfig, health } from '../schemas/system.ts';
import { defineEndpoint } from './define.ts';
import { systemRoutes } from './system-routes.ts';

export const systemContract = {
  health: defineEndpoint({ ...systemRoutes.health, response: health }),
  clientConfig: defineEndpoint({ ...systemRoutes.clientConfig, response: clientConfig }),
} satisfies Record<keyof typeof systemRoutes, unknown>;
