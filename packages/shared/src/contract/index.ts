import { authContract } from './auth.ts';
import type { Endpoint } from './define.ts';
import { systemContract } from './system.ts';

/** Every endpoint the product serves (DESIGN §3). A route that is not here does not exist. */
export const contract = {
  system: systemContract,
  auth: authContract,
};

export const allEndpoints: readonly Endpoint[] = Object.values(contract).flatMap(
  (area) => Object.values(area) as Endpoint[],
);
