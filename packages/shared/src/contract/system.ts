import { clientConfig, health } from '../schemas/system.ts';
import { defineEndpoint } from './define.ts';

export const systemContract = {
  health: defineEndpoint({
    name: 'system.health',
    method: 'GET',
    path: 'health',
    response: health,
    access: 'public',
    unsigned: true,
    summary: 'Reports the database in use and whether it answers.',
  }),
  clientConfig: defineEndpoint({
    name: 'system.clientConfig',
    method: 'GET',
    path: 'system/clientConfig',
    response: clientConfig,
    access: 'public',
    unsigned: true,
    summary: "The browser's start-up settings: application name, signing application, centre details.",
  }),
};
