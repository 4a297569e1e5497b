import type { EndpointRoute } from './define.ts';

/** The system endpoints' routes (no schemas, no Zod): `systemContract` adds the schemas to each. */
export const systemRoutes = {
  health: {
    name: 'system.health',
    method: 'GET',
    path: 'health',
    access: 'public',
    unsigned: true,
    summary: 'Reports the database in use and whether it answers.',
  },
  clientConfig: {
    name: 'system.clientConfig',
    method: 'GET',
    path: 'system/clientConfig',
    access: 'public',
    unsigned: true,
    summary: "The browser's start-up settings: application name, signing application, centre details.",
  },
} satisfies Record<string, EndpointRoute>;
